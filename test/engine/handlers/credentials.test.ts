import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { dbOf, tableRows } from '../../helpers/storeRows';
import { createConsoleLogger } from '../../../electron/engine/logger';
import { toErrorPayload } from '../../../shared/contract';
import { startHarness } from '../sync/harness';

const TOKEN = 'tok-Zq83xLmnR5';
const SECRET = 'sec-Pp41wKd9Tq';
const BASE64 = Buffer.from(`${TOKEN}:${SECRET}`).toString('base64');
const FORMS = [TOKEN, SECRET, BASE64];

describe('credentials appear nowhere', () => {
  const closing = closeAfterEach();

  it('not in log lines, errors, database rows or files, nor IPC replies', async () => {
    const lines: string[] = [];
    const h = closing(
      await startHarness({
        sandbox: { token: TOKEN, secret: SECRET, faults: { serverErrorRate: 0.1, resetRate: 0.05, maxConsecutive: 2 } },
        logger: createConsoleLogger((line) => lines.push(line)),
      }),
    );
    const replies: unknown[] = [];
    const call = async (method: string, args: unknown = {}) => {
      try {
        replies.push(await h.engine.callUnknown(method, args));
      } catch (error) {
        replies.push(toErrorPayload(error));
      }
    };
    const run = await h.sync('2026-03-01');
    expect(run.status).toBe('succeeded');
    // A failing request whose error text is built from the service's answer and our request.
    h.engine.internals.logger.error('about to fail', { note: `Basic ${BASE64} ${TOKEN}:${SECRET}` });
    await call('connection.test');
    await call('connection.test', { url: 'http://example.com' });
    await call('settings.get');
    await call('sync.status');
    await call('sync.runs');
    await call('transactions.list', { limit: 5 });
    await call('connection.set', { url: h.sandbox.url, token: TOKEN, secret: SECRET });
    await call('settings.get');

    // Wrong secret: the 401 is reported in words, without the secret.
    h.sandbox.setFaults({ serverErrorRate: 0, resetRate: 0 });
    await h.engine.internals.credentials.save({ token: TOKEN, secret: SECRET + 'x' });
    await call('connection.test');
    const failed = await h.sync();
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('The token or secret was not accepted');
    expect(replies.at(-1)).toMatchObject({
      ok: false,
      message: expect.stringContaining('The token or secret was not accepted'),
    });
    expect(lines.some((l) => l.includes('retrying'))).toBe(true);

    const texts = [...lines, JSON.stringify(replies), failed.error ?? ''];
    const db = dbOf(h.engine);
    const { rows: tables } = await (
      ENGINE_DIALECT === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`
        : sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
                              WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
    ).execute(db);
    expect(tables.map((t) => t.name)).toContain('sync_runs');
    for (const { name } of tables) texts.push(JSON.stringify(await tableRows(h.engine, name as never)));
    // The database's files, on SQLite: what a deleted row or an old page may still hold.
    if (ENGINE_DIALECT === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    for (const file of readdirSync(h.folder, { recursive: true }) as string[]) {
      if (file.endsWith('.sqlite') || file.endsWith('-wal'))
        texts.push(readFileSync(join(h.folder, file)).toString('latin1'));
    }
    for (const text of texts)
      for (const secret of FORMS)
        expect(text.includes(secret), `found a credential in: ${text.slice(0, 200)}`).toBe(false);
    expect(lines.some((l) => l.includes('[redacted]'))).toBe(true);
  });
});
