/**
 * Issue 26 item 8: a NUL character (U+0000) in a text argument cannot be stored by PostgreSQL (500, and
 * one method leaked the server's own message) and broke SQLite's search. Every method refuses it at the
 * contract, before any handler runs, naming the field and never echoing the value. Runs on both dialects.
 */
import { describe, expect, it } from 'vitest';
import { ContractError, type MethodName } from '../../shared/contract';
import { closeAfterEach } from '../helpers/closeAfterEach';
import { createTestEngine } from '../helpers/engine';
import { credit } from '../engine/bank/bankFixtures';
import { bai2FromLines } from '../engine/bank/generate';

const closing = closeAfterEach();
const NUL = '\u0000';

const CALLS: ReadonlyArray<{ method: MethodName; args: unknown; field: string }> = [
  { method: 'transactions.list', args: { filter: { search: `Ada${NUL}` } }, field: 'filter.search' },
  { method: 'transactions.count', args: { filter: { search: `${NUL}` } }, field: 'filter.search' },
  { method: 'batches.get', args: { id: `73${NUL}01` }, field: 'id' },
  { method: 'batches.list', args: { filter: {}, cursor: `x${NUL}` }, field: 'cursor' },
  { method: 'glAccounts.add', args: { number: `41${NUL}00`, label: 'Athletics Fees' }, field: 'number' },
  { method: 'glAccounts.add', args: { number: '4100', label: `Athletics${NUL}Fees` }, field: 'label' },
  { method: 'settings.set', args: { patch: { reviewerName: `Sam${NUL}` } }, field: 'patch.reviewerName' },
  {
    method: 'settings.set',
    args: { patch: { quickbooksAccountNames: { [`4100${NUL}`]: 'Income:Athletics' } } },
    field: 'patch.quickbooksAccountNames',
  },
  { method: 'bank.lines', args: { filter: { accounts: [`12345${NUL}`] } }, field: 'filter.accounts.0' },
  { method: 'bank.mappings.remove', args: { name: `My bank${NUL}` }, field: 'name' },
  { method: 'bank.mappings.save', args: { mapping: { name: `Bank${NUL}` } }, field: 'mapping.name' },
  { method: 'bank.import', args: { fileName: `march${NUL}.csv`, content: 'x' }, field: 'fileName' },
  {
    method: 'connection.set',
    args: { url: 'https://pay.example.org', token: 'tok', secret: `s3cret${NUL}value` },
    field: 'secret',
  },
];

describe('a NUL character in any text argument', () => {
  it.each(CALLS)('$method refuses it in $field, naming the field', async ({ method, args, field }) => {
    const engine = closing(await createTestEngine());
    const error = await engine.callUnknown(method, args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ code: 'BAD_ARGUMENTS' });
    const message = (error as Error).message;
    expect(message).toContain(`Bad arguments for ${method}: ${field}: `);
    expect(message).toMatch(/contains a NUL character/);
    expect(message).not.toContain(NUL);
    expect(message).not.toContain('s3cret');
    expect(message.length).toBeLessThan(300);
  });

  it('writes nothing: the Chart of Accounts and the settings are as they were', async () => {
    const engine = closing(await createTestEngine());
    const accounts = await engine.call('glAccounts.list', {});
    const settings = await engine.call('settings.get', {});
    await expect(engine.call('glAccounts.add', { number: `41${NUL}00`, label: 'Fees' })).rejects.toThrow(/NUL/);
    await expect(engine.call('settings.set', { patch: { reviewerName: `Sam${NUL}` } })).rejects.toThrow(/NUL/);
    expect(await engine.call('glAccounts.list', {})).toEqual(accounts);
    expect(await engine.call('settings.get', {})).toEqual(settings);
  });

  it('the same calls without the NUL are answered', async () => {
    const engine = closing(await createTestEngine());
    expect(await engine.call('transactions.list', { filter: { search: 'Ada' } })).toMatchObject({ rows: [] });
    expect(await engine.call('bank.lines', { filter: { accounts: ['12345'] } })).toMatchObject({ rows: [] });
    await engine.call('settings.set', { patch: { reviewerName: 'Sam' } });
    expect((await engine.call('settings.get', {})).reviewerName).toBe('Sam');
  });

  // A statement's content is the file's text: its parser's to read. A NUL inside its records is damage
  // (PostgreSQL answered with its own message, "invalid byte sequence"); NUL padding after them is not.
  it('a statement with a NUL inside a record is refused naming the file and line; NUL padding is dropped', async () => {
    const engine = closing(await createTestEngine());
    const statement = bai2FromLines([credit('2026-03-03', 500, `PROCESSOR${NUL}SETTLEMENT`)]);
    const line = statement.split('\n').findIndex((l) => l.includes(NUL)) + 1;
    for (const args of [
      { fileName: 'march.bai', content: statement },
      { fileName: 'march.bai', content: Buffer.from(statement).toString('base64'), encoding: 'base64' as const },
    ]) {
      const error = await engine.call('bank.import', args).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'BAD_ARGUMENTS' });
      expect((error as Error).message).toBe(
        `march.bai line ${line}: holds a NUL character (U+0000), which no statement text can hold; the file may be damaged: download it from the bank again`,
      );
    }
    expect((await engine.call('bank.statements', {})).length).toBe(0);
    const padded = bai2FromLines([credit('2026-03-03', 700)]) + NUL.repeat(64);
    expect(await engine.call('bank.import', { fileName: 'padded.bai', content: padded })).toMatchObject({
      linesInFile: 1,
      newLines: 1,
    });
  });
});
