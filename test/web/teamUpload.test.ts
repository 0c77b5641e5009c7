/**
 * Statements through the district server (issue 26 item 11): a statement over the 1 MB cap of other
 * calls is read as it streams in, up to the contract's limit, which the refusal states; a viewer's
 * upload is refused before its body is read.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImportSummary } from '../../shared/domain';
import { MAX_BODY_BYTES, MAX_STATEMENT_BODY_BYTES, STATEMENT_CONTENT_LIMIT } from '../../electron/web/http';
import { bai2FromLines, type PlainLine } from '../engine/bank/generate';
import { rpc, signIn, startTeamHost, type Session, type TeamHost } from '../helpers/teamHost';

let team: TeamHost;
let ben: Session;
let vi: Session;
beforeAll(async () => {
  team = await startTeamHost({
    users: [
      ['Ben', 'preparer'],
      ['Vi', 'viewer'],
    ],
  });
  [ben, vi] = await Promise.all([signIn(team.host.port, 'Ben'), signIn(team.host.port, 'Vi')]);
}, 30_000);
afterAll(() => team.close());

/** A BAI2 statement of `count` deposits over March, each with a long bank text. */
function bigStatement(count: number): string {
  const lines: PlainLine[] = Array.from({ length: count }, (_, i) => ({
    account: '0012345678',
    postedDate: `2026-03-${String(2 + (i % 20)).padStart(2, '0')}`,
    amountCents: 10_000 + i,
    typeCode: '165',
    bankReference: `BIG${i}`,
    text: `PROCESSOR SETTLEMENT ${'X'.repeat(60)} ${i}`,
  }));
  return bai2FromLines(lines);
}

/** Sends headers claiming `length` bytes and only a few of them; resolves with the answer's status and text. */
function declare(session: Session, method: string, length: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: team.host.port,
        path: `/rpc/${method}`,
        method: 'POST',
        headers: {
          host: `127.0.0.1:${team.host.port}`,
          'content-type': 'application/json',
          'content-length': String(length),
          cookie: session.cookie,
          'x-csrf-token': session.csrf,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.write('{"fileName":"huge.bai","content":"');
  });
}

describe('statement uploads', () => {
  it('imports a statement several times the 1 MB cap of other calls', async () => {
    const text = bigStatement(20_000);
    const content = Buffer.from(text).toString('base64');
    expect(content.length).toBeGreaterThan(2 * MAX_BODY_BYTES);
    const reply = await rpc(team.host.port, ben, 'bank.import', { fileName: 'march.bai', content, encoding: 'base64' });
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    const summary = reply.json.result as BankImportSummary;
    expect(summary.linesInFile).toBe(20_000);
    expect(summary.newLines).toBe(20_000);
  });

  it('refuses one past the contract’s limit at once, saying the limit', async () => {
    expect(MAX_STATEMENT_BODY_BYTES).toBeGreaterThan(STATEMENT_CONTENT_LIMIT);
    const reply = await declare(ben, 'bank.import', MAX_STATEMENT_BODY_BYTES + 1);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).error.message).toBe(
      'The statement is larger than a district server takes: 200 MB as sent (about 150 MB of file). Ask the bank for a shorter date range.',
    );
  });

  it('other calls keep the 1 MB cap', async () => {
    const reply = await declare(ben, 'batches.prepare', MAX_BODY_BYTES + 1);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).error.message).toBe('The request body is larger than 1000000 bytes; send less.');
  });

  it('refuses a viewer’s upload before reading it', async () => {
    const reply = await declare(vi, 'bank.import', 50_000_000);
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.text).error.message).toContain('bank.import needs');
  });
});
