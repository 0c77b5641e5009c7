/**
 * A pending export's lease (issue 26, item 2): an engine starting recovers only the exports whose
 * owner is gone (none recorded, a process that no longer runs on this host, or a heartbeat older
 * than the lease), takes each over so no two starts recover it twice, and leaves the rest to the
 * process writing them. An owner whose export was taken over is told before it commits anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import { createEngineWithInternals, type EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { HeldLease, LEASE_MS } from '../../../electron/engine/export/lease';
import { recoverInterruptedExports } from '../../../electron/engine/export/recovery';
import { silentLogger } from '../../../electron/engine/logger';
import { fixedClock } from '../../../shared/time';
import { folderTest } from '../../helpers/engineTest';
import { countRows, dbOf, keptStore, type KeptStore } from '../../helpers/storeRows';

function engineOn(store: KeptStore, folder: string): Promise<Engine> {
  return createEngineWithInternals({
    version: '9.9.9-test',
    dataFolder: folder,
    ...store.where,
    host: 'direct',
    clock: fixedClock('2026-03-10T15:00:00Z'),
    logger: silentLogger,
  });
}

/** A pending export of `file` held by `owner`, last beating `ageMs` ago, with a temporary file beside it. */
async function pendingExport(engine: Engine, folder: string, name: string, owner: string | null, ageMs: number) {
  const file = join(folder, `${name}.xlsx`);
  const temp = join(folder, `.~${name}.xlsx.abcdef.tmp`);
  writeFileSync(temp, 'half a workbook');
  const { id } = await dbOf(engine)
    .insertInto('exports')
    .values({
      created_at: '2026-03-10T15:00:00Z',
      from_date: '2026-03-01',
      to_date: '2026-03-31',
      payee_ids: '[]',
      methods: '[]',
      layout: 'xlsx',
      file,
      row_count: 0,
      total_cents: 0,
      sha256: '',
      status: 'pending',
      owner,
      heartbeat_at: owner === null ? null : new Date(Date.now() - ageMs).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await dbOf(engine)
    .insertInto('export_deposits')
    .values({ export_id: id, batch_id: `b-${name}` })
    .execute();
  return { id, temp };
}

/** The id of a process that has ended. */
function endedPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('export leases', () => {
  folderTest('a start recovers only the exports whose owner is gone', async ({ folder }) => {
    const store = await keptStore(folder);
    const engines: Engine[] = [];
    onTestFinished(async () => {
      for (const engine of engines) await engine.close();
      await store.drop();
    });
    const first = await engineOn(store, folder);
    engines.push(first);
    const me = `${hostname()}/${process.pid}/live`;
    const live = await pendingExport(first, folder, 'live', me, 1_000);
    const otherHost = await pendingExport(first, folder, 'other-host', 'elsewhere.example/4242/abc', 1_000);
    const lapsed = await pendingExport(first, folder, 'lapsed', 'elsewhere.example/4242/def', LEASE_MS + 5_000);
    const ended = await pendingExport(first, folder, 'ended', `${hostname()}/${endedPid()}/ghi`, 1_000);
    const unowned = await pendingExport(first, folder, 'unowned', null, 0);

    const second = await engineOn(store, folder);
    engines.push(second);
    const pending = await dbOf(second).selectFrom('exports').select('id').where('status', '=', 'pending').execute();
    expect(pending.map((row) => row.id).sort()).toEqual([live.id, otherHost.id].sort());
    for (const kept of [live, otherHost]) expect(existsSync(kept.temp)).toBe(true);
    for (const gone of [lapsed, ended, unowned]) expect(existsSync(gone.temp)).toBe(false);
    // What the dropped ones claimed is free again; what the live ones claimed is still theirs.
    expect(await countRows(second, 'export_deposits')).toBe(2);
  });

  folderTest('of two starts at once, one recovers a lapsed export and the other leaves it', async ({ folder }) => {
    const store = await keptStore(folder);
    const engines: Engine[] = [];
    onTestFinished(async () => {
      for (const engine of engines) await engine.close();
      await store.drop();
    });
    const engine = await engineOn(store, folder);
    engines.push(engine);
    await pendingExport(engine, folder, 'lapsed', 'elsewhere.example/1/x', LEASE_MS + 1_000);
    const writer = engine.internals.store.writer;
    const outcomes = await Promise.all([recoverInterruptedExports(writer), recoverInterruptedExports(writer)]);
    expect(outcomes.map((o) => o.dropped).sort()).toEqual([0, 1]);
    expect(await countRows(engine, 'exports')).toBe(0);
  });

  folderTest('an owner whose lapsed export was taken over is told before it commits', async ({ folder }) => {
    const store = await keptStore(folder);
    const engines: Engine[] = [];
    onTestFinished(async () => {
      for (const engine of engines) await engine.close();
      await store.drop();
    });
    const engine = await engineOn(store, folder);
    engines.push(engine);
    const owner = `${hostname()}/${process.pid}/slow`;
    const { id } = await pendingExport(engine, folder, 'slow', owner, 0);
    const writer = engine.internals.store.writer;
    const lease = new HeldLease(writer, id, owner);
    onTestFinished(() => lease.stop());
    await lease.confirm();
    // The owner's clock stood still past the lease: another start sees it lapsed and takes it over.
    await recoverInterruptedExports(writer, () => Date.now() + LEASE_MS + 1_000);
    await expect(lease.confirm()).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('another copy of District Recon cleaned it up'),
    });
  });
});
