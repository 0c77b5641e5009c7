/**
 * batches.signOffMany's arguments, refused at the contract before any handler runs (issue 30 item 5):
 * each deposit with the revision of its checks as listed, each once, at most BULK_SIGN_OFF_LIMIT.
 */
import { describe, expect, it } from 'vitest';
import { BULK_SIGN_OFF_LIMIT, ContractError, parseCall } from '../../../shared/contract';

const REVISION = '0123456789abcdef';
const deposit = (id: string, revision: unknown = REVISION) => ({ id, revision });

function refusal(args: unknown): ContractError {
  try {
    parseCall('batches.signOffMany', args);
  } catch (error) {
    if (error instanceof ContractError) return error;
    throw error;
  }
  throw new Error('the arguments were accepted');
}

describe('batches.signOffMany arguments', () => {
  it('accepts deposits each with its revision, up to the limit', () => {
    const many = Array.from({ length: BULK_SIGN_OFF_LIMIT }, (_, n) => deposit(String(100_000 + n)));
    const { args } = parseCall<'batches.signOffMany'>('batches.signOffMany', { deposits: many });
    expect(args.deposits).toHaveLength(BULK_SIGN_OFF_LIMIT);
    expect(args.note).toBe('');
  });

  it.each([
    ['no deposits', { deposits: [] }, 'deposits: select at least one deposit'],
    [
      'one past the limit',
      { deposits: Array.from({ length: BULK_SIGN_OFF_LIMIT + 1 }, (_, n) => deposit(String(n + 1))) },
      `deposits: at most ${BULK_SIGN_OFF_LIMIT} deposits at once; sign off the rest in another call`,
    ],
    ['a deposit without its revision', { deposits: [{ id: '800001' }] }, 'deposits.0.revision:'],
    ['a null revision', { deposits: [deposit('800001', null)] }, 'deposits.0.revision:'],
    [
      'a revision not the engine’s shape',
      { deposits: [deposit('800001'), deposit('800002', 'ABCDEF0123456789')] },
      'deposits.1.revision: must be the revision the deposit list gave (16 hex digits); reload the list',
    ],
    ['a revision too long', { deposits: [deposit('800001', `${REVISION}0`)] }, 'deposits.0.revision: must be'],
    ['an empty id', { deposits: [deposit('')] }, 'deposits.0.id:'],
    ['an id too long', { deposits: [deposit('9'.repeat(65))] }, 'deposits.0.id:'],
    ['a field the method does not take', { deposits: [{ ...deposit('800001'), total: 5 }] }, 'deposits.0:'],
    [
      'the same deposit twice',
      { deposits: [deposit('800001'), deposit('800002'), deposit('800001', 'fedcba9876543210')] },
      'deposits: deposit 800001 listed more than once; send each deposit once',
    ],
    [
      'several deposits twice',
      { deposits: [deposit('1'), deposit('2'), deposit('1'), deposit('2')] },
      'deposits: deposits 1, 2 listed more than once; send each deposit once',
    ],
  ])('refuses %s in one line naming what was wrong', (_, args, words) => {
    const error = refusal(args);
    expect(error.code).toBe('BAD_ARGUMENTS');
    expect(error.message.startsWith('Bad arguments for batches.signOffMany: ')).toBe(true);
    expect(error.message).toContain(words);
    expect(error.message).not.toContain('\n');
  });

  it('names at most five duplicates and counts the rest', () => {
    const ids = Array.from({ length: 8 }, (_, n) => String(n + 1));
    const error = refusal({ deposits: [...ids, ...ids].map((id) => deposit(id)) });
    expect(error.message).toContain('deposits 1, 2, 3, 4, 5 and 3 more listed more than once');
  });
});
