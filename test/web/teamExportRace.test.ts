/**
 * Two district servers (two `district-recon serve` processes) on one database, a SQLite file and a
 * PostgreSQL database in turn: two approvers,
 * one on each, export overlapping ranges over HTTP at the same moment. Each deposit is posted in one
 * file only, and the later claimant is told which export posted the overlap. A retried export with
 * the same Idempotency-Key, even one that lands on the other server, posts nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportResult } from '../../shared/contract';
import { hashPassword } from '../../electron/engine/team/passwords';
import { insertUser } from '../../electron/engine/store/team';
import type { Store } from '../../electron/engine/store/dialect';
import { createTeamDatabase, type TeamDatabase, type TeamDialect } from '../helpers/teamDatabase';
import { addBatch, addGlAccount, addPayee } from '../engine/reconcile/fixtures';
import { parseCsv } from '../engine/export/erpFiles';
import { startServers, type ServeProcess } from '../helpers/serveProcess';
import { PASSWORD, rpc, send, signIn, type Reply, type Session } from '../helpers/teamHost';

/** Three weeks of business days (March 2026 starts on a Monday), two deposits on each. */
const DAYS = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20];
const depositId = (day: number, n: number) => String(740000 + day * 10 + n);
const DEPOSIT_ID = /\b74\d{4}\b/g;
const depositsOn = (days: number[]) => days.flatMap((day) => [depositId(day, 1), depositId(day, 2)]).sort();
const between = (first: number, last: number) => DAYS.filter((day) => day >= first && day <= last);
const iso = (day: number) => `2026-03-${String(day).padStart(2, '0')}`;

async function seed(store: Store): Promise<void> {
  await addPayee(store.writer.db, 1, 'Lincoln High Athletics');
  await addPayee(store.writer.db, 2, 'Food Services');
  await addGlAccount(store.writer.db, 'gl-a', '4100-100', 'Athletics Fees');
  await addGlAccount(store.writer.db, 'gl-b', '4200-300', 'Lunch Sales');
  let transactionId = 50_000;
  for (const day of DAYS) {
    for (const n of [1, 2]) {
      await addBatch(store.writer.db, {
        id: depositId(day, n),
        payeeId: n,
        date: iso(day),
        method: n === 1 ? 'CC' : 'ACH',
        transactions: [
          { id: ++transactionId, amountCents: 1000 * day + n, feeCents: 50, glAccountId: n === 1 ? 'gl-a' : 'gl-b' },
          { id: ++transactionId, amountCents: 777 * n, glAccountId: 'gl-a' },
        ],
      });
    }
  }
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of ['Ann', 'Bo', 'Cam']) {
    await insertUser(store.writer, { name, role: 'approver', passwordHash, createdAt: '2026-03-20T15:00:00.000Z' });
  }
}

const exported = (reply: Reply) => reply.json.result as ExportResult;

/** The deposits a je-csv export posts, read from the file the server hands out at its download path. */
async function depositsDownloaded(port: number, session: Session, result: ExportResult): Promise<string[]> {
  const download = await send(port, result.downloadPath!, { method: 'GET', headers: { cookie: session.cookie } });
  expect(download.status, download.text).toBe(200);
  const [header, ...rows] = parseCsv(download.text);
  expect(header).toEqual(['date', 'account', 'description', 'debit', 'credit']);
  return [...new Set(rows.flatMap((row) => row[2]!.match(DEPOSIT_ID) ?? []))].sort();
}

describe.each<TeamDialect>(['sqlite', 'postgres'])('two servers, one %s database: exports', (dialect) => {
  let database: TeamDatabase;
  let servers: ServeProcess[] = [];

  beforeAll(async () => {
    database = await createTeamDatabase(dialect);
    const store = await database.open();
    try {
      await seed(store);
    } finally {
      await store.close();
    }
    servers = await startServers(database.serveArgs, 2, database.serveEnv);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database?.remove();
  });

  /** The files in the servers' exports folder for one range. */
  const filesOf = (from: string, to: string) =>
    readdirSync(join(database.folder, 'exports'))
      .filter((name) => name.startsWith(`gl-${from}-to-${to}-`))
      .sort();

  it(
    'two overlapping exports at the same moment post each deposit in exactly one file; the later is told of the earlier',
    { timeout: 90_000 },
    async () => {
      const [a, b] = servers.map((server) => server.port) as [number, number];
      const [ann, bo] = await Promise.all([signIn(a, 'Ann'), signIn(b, 'Bo')]);
      const annRange = { from: iso(2), to: iso(10) };
      const boRange = { from: iso(6), to: iso(13) };
      const [annReply, boReply] = await Promise.all([
        rpc(a, ann, 'export.glBatches', { ...annRange, layout: 'je-csv' }),
        rpc(b, bo, 'export.glBatches', { ...boRange, layout: 'je-csv' }),
      ]);
      expect(annReply.status, annReply.text).toBe(200);
      expect(boReply.status, boReply.text).toBe(200);
      const annResult = exported(annReply);
      const boResult = exported(boReply);

      const annFile = await depositsDownloaded(a, ann, annResult);
      const boFile = await depositsDownloaded(b, bo, boResult);
      expect(annFile.filter((id) => boFile.includes(id))).toEqual([]);
      expect([...annFile, ...boFile].sort()).toEqual(depositsOn(between(2, 13)));
      expect(annResult.deposits).toBe(annFile.length);
      expect(boResult.deposits).toBe(boFile.length);

      // The claims ran one after the other, in whichever order the two servers got there.
      const overlap = depositsOn(between(6, 10));
      const [earlier, later] = [annResult, boResult].sort((x, y) => x.record.id - y.record.id) as [
        ExportResult,
        ExportResult,
      ];
      expect(earlier.overlaps).toEqual([]);
      expect(earlier.alreadyPosted).toEqual({ deposits: 0, reversals: 0 });
      expect(later.overlaps.map((record) => record.id)).toEqual([earlier.record.id]);
      expect(later.alreadyPosted).toEqual({ deposits: overlap.length, reversals: 0 });
      expect(later.reposted).toBe(false);
      const laterFile = later === annResult ? annFile : boFile;
      const laterRange = later === annResult ? annRange : boRange;
      const laterDays = between(Number(laterRange.from.slice(8)), Number(laterRange.to.slice(8)));
      expect(laterFile).toEqual(depositsOn(laterDays).filter((id) => !overlap.includes(id)));

      // Each records who exported it, from the sign-in; each wrote one CSV and its workbook.
      expect(annResult.record.createdBy).toBe('Ann');
      expect(boResult.record.createdBy).toBe('Bo');
      for (const [range, result] of [
        [annRange, annResult],
        [boRange, boResult],
      ] as const) {
        expect(filesOf(range.from, range.to)).toEqual(
          [basename(result.record.file), basename(result.record.companionFile!)].sort(),
        );
      }
    },
  );

  it(
    'a retried export with the same Idempotency-Key, on either server, posts nothing twice',
    { timeout: 90_000 },
    async () => {
      const [a, b] = servers.map((server) => server.port) as [number, number];
      const cam = await signIn(a, 'Cam');
      // repost: a second run would really post again (a second file), so only the key prevents it.
      const range = { from: iso(16), to: iso(20) };
      const args = { ...range, layout: 'je-csv', repost: true };
      const key = { 'idempotency-key': randomUUID() };
      // The retry overtakes the original and lands on the other server.
      const replies = await Promise.all([
        rpc(a, cam, 'export.glBatches', args, key),
        rpc(b, cam, 'export.glBatches', args, key),
      ]);
      const original = replies.filter((reply) => reply.status === 200 && !reply.headers['idempotent-replay']);
      expect(original, replies.map((reply) => `${reply.status} ${reply.text}`).join('\n')).toHaveLength(1);
      const first = original[0]!;
      for (const reply of replies.filter((r) => r !== first)) {
        if (reply.status === 409) expect(reply.json.error!.message).toContain('has not finished');
        else expect([reply.status, reply.headers['idempotent-replay'], reply.text]).toEqual([200, 'true', first.text]);
      }
      // The client gives up waiting and retries once more: the first answer, word for word.
      const retry = await rpc(a, cam, 'export.glBatches', args, key);
      expect([retry.status, retry.headers['idempotent-replay'], retry.text]).toEqual([200, 'true', first.text]);

      const result = exported(first);
      expect(result.deposits).toBe(depositsOn(between(16, 20)).length);
      expect(await depositsDownloaded(a, cam, result)).toEqual(depositsOn(between(16, 20)));
      const records = (await rpc(b, cam, 'export.list')).json.result as ExportResult['record'][];
      expect(records.filter((record) => record.from === range.from).map((record) => record.id)).toEqual([
        result.record.id,
      ]);
      expect(filesOf(range.from, range.to)).toEqual(
        [basename(result.record.file), basename(result.record.companionFile!)].sort(),
      );
    },
  );
});
