/**
 * A district server under its users while the nightly sync runs (issue 16): 50 signed-in HTTP
 * clients, each holding the event stream open as the app does, browse the views (overview, the
 * batches list and a batch, changes, a month of GL batches, transaction pages scrolled one after
 * another) with a think time between calls, while the nightly sync (~5k new transactions and the
 * 60-day refresh on a ~300k-transaction store at full scale, as in sync.bench.ts) runs into the
 * server from the sandbox. Three processes, as in a district: the service (the sandbox), the server,
 * and this one (the users), so the users' clock is not the server's event loop.
 * Figures: p50/p95/p99 of view calls with the server idle and during the sync (goal: p95 under
 * 50 ms during the sync), and the sync's duration under the users and alone on a copy of the store.
 * SQLite only: the PostgreSQL half of issue 16's bench waits for that dialect.
 * Also each view alone, one call at a time, for what a call costs before anyone queues.
 * BENCH_SCALE scales the store; BENCH_THINK_MS (default 5000: a person reading what a view shows)
 * is a user's mean pause between calls, so 50 users ask about 10 calls a second.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { addDays, fixedClock, todayCentral, Temporal } from '../shared/time';
import { serveSandboxRole, startRole, startSandboxRole, type SandboxConnection } from './support/childRoles';
import { eventStream, post, random, summary, type Session } from './support/teamClient';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const NOW = '2026-03-10T20:00:00Z';
const USERS = 50;
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? '5000');
const IDLE_MS = 30_000;
const SERIAL_CALLS = 7;
const WARM_UP_MS = 3_000;
const PASSWORD = 'bench password, long enough';
const GOAL_P95_MS = 50;

if (process.env.BENCH_ROLE === 'sandbox') {
  await serveSandboxRole();
} else if (process.env.BENCH_ROLE === 'server') {
  await serverRole();
} else {
  await main();
}

/**
 * The district server, as `district-recon serve` builds it (engine, team mode, events), but on the
 * bench's fixed clock so that its nightly run is the one the sandbox's data were made for.
 * Commands on stdin: "sync" runs the nightly sync and answers its duration and summary.
 */
async function serverRole(): Promise<void> {
  const { createEngine } = await import('../electron/engine/engine');
  const { memoryCredentialStore } = await import('../electron/engine/credentials');
  const { silentLogger } = await import('../electron/engine/logger');
  const { startWebHost } = await import('../electron/web/server');
  const service = JSON.parse(process.env.BENCH_SERVICE!) as SandboxConnection;
  const db = process.env.BENCH_DB!;
  const engine = await createEngine({
    version: 'bench',
    dataFolder: dirname(db),
    databasePath: db,
    host: 'web',
    clock: fixedClock(NOW),
    credentials: memoryCredentialStore({ token: service.token, secret: service.secret }),
    logger: silentLogger,
  });
  const staticDir = mkdtempSync(join(tmpdir(), 'recon-bench-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>District Recon</title>');
  const host = await startWebHost({ engine, staticDir, team: { engine, secure: false, behindProxy: false } });
  process.stdout.write(JSON.stringify({ port: host.port }) + '\n');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line !== 'sync') continue;
    const t0 = performance.now();
    const started = await engine.sync.start({ trigger: 'schedule' });
    const summary = await started.finished;
    process.stdout.write(JSON.stringify({ syncMs: performance.now() - t0, summary }) + '\n');
  }
  await host.close();
  await engine.close();
  rmSync(staticDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const { createEngine } = await import('../electron/engine/engine');
  const { memoryCredentialStore } = await import('../electron/engine/credentials');
  const { silentLogger } = await import('../electron/engine/logger');

  const work = mkdtempSync(join(tmpdir(), 'recon-bench-team-'));
  const results: Record<string, unknown> = {
    scale,
    users: USERS,
    thinkMs: THINK_MS,
    loadBefore: +loadavg()[0]!.toFixed(2),
  };

  // ---------- the store as of the Friday afternoon before, and the users ----------
  const storeTotal = Math.round(300_000 * scale);
  const storeDays = 120;
  const sandbox = await startSandboxRole(import.meta.url, {
    seed: 2,
    now: NOW,
    scenario: { days: storeDays, totalTransactions: storeTotal },
  });
  const service = sandbox.info;
  const db = join(work, 'server', 'district-recon.sqlite');
  const dbAlone = join(work, 'alone', 'district-recon.sqlite');
  mkdirSync(dirname(db), { recursive: true });
  mkdirSync(dirname(dbAlone), { recursive: true });
  const behind = Temporal.Instant.from(NOW).subtract({ hours: 96 }).toString();
  const engineAt = (path: string, at: string) =>
    createEngine({
      version: 'bench',
      dataFolder: dirname(path),
      databasePath: path,
      host: 'direct',
      clock: fixedClock(at),
      credentials: memoryCredentialStore({ token: service.token, secret: service.secret }),
      logger: silentLogger,
    });
  const initial = await engineAt(db, behind);
  await initial.call('settings.set', { patch: { serviceUrl: service.url } });
  const first = await initial.sync.start({
    trigger: 'manual',
    from: addDays(todayCentral(fixedClock(NOW)), -storeDays),
  });
  const firstSummary = (await first.finished)!;
  if (firstSummary.status !== 'succeeded')
    throw new Error(`initial sync ${firstSummary.status}: ${firstSummary.error}`);
  const roles = ['viewer', 'preparer', 'approver'] as const;
  const names = Array.from({ length: USERS }, (_, i) => `user${String(i + 1).padStart(2, '0')}`);
  for (const [i, name] of names.entries())
    await initial.team.users.add({ name, role: roles[i % roles.length]!, password: PASSWORD });
  await initial.close();
  // The same store for the sync alone (closed, so its WAL is folded into the file).
  copyFileSync(db, dbAlone);
  if (existsSync(`${db}-wal`)) copyFileSync(`${db}-wal`, `${dbAlone}-wal`);
  results.storeTransactions = firstSummary.transactionsInserted;
  console.log(`store: ${firstSummary.transactionsInserted} transactions; ${USERS} users`);

  // ---------- the server and its users ----------
  const server = await startRole<{ port: number }>(import.meta.url, 'server', {
    BENCH_DB: db,
    BENCH_SERVICE: JSON.stringify(service),
  });
  const port = server.info.port;
  const syncDone = new Promise<{ syncMs: number; summary: Record<string, number | string> }>((resolve, reject) => {
    server.child.once('exit', (code) => reject(new Error(`the server exited ${code} before the sync finished`)));
    const lines = createInterface({ input: server.child.stdout! });
    lines.on('line', (line) =>
      resolve(JSON.parse(line) as { syncMs: number; summary: Record<string, number | string> }),
    );
  });

  const users = await Promise.all(
    names.map(async (name, i) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const reply = await post(port, agent, '/auth/login', { name, password: PASSWORD });
      if (reply.status !== 200) throw new Error(`sign-in of ${name}: ${reply.status} ${reply.text}`);
      const session: Session = {
        cookie: reply.setCookie.map((line) => line.split(';')[0]).join('; '),
        csrf: (JSON.parse(reply.text) as { result: { csrfToken: string } }).result.csrfToken,
      };
      return { name, agent, session, next: random(1000 + i), stream: eventStream(port, session) };
    }),
  );

  const call = async (user: (typeof users)[number], method: string, args: unknown) => {
    const reply = await post(port, user.agent, `/rpc/${method}`, args, user.session);
    if (reply.status !== 200)
      throw new Error(`${method} for ${user.name}: ${reply.status} ${reply.text.slice(0, 300)}`);
    return { ms: reply.ms, result: (JSON.parse(reply.text) as { result: unknown }).result };
  };
  // What there is to open: the deposits and the months they fall in.
  const listed = await call(users[0]!, 'batches.list', { filter: {}, limit: 1000 });
  const batches = (listed.result as { rows: Array<{ id: string; date: string }> }).rows;
  if (!batches.length) throw new Error('the store has no deposits to browse');

  const viewsOf = (batch: { id: string; date: string }, cursor: string | null): Array<[string, unknown]> => {
    const monthStart = `${batch.date.slice(0, 7)}-01`;
    const monthEnd = addDays(`${addDays(monthStart, 40).slice(0, 7)}-01`, -1);
    return [
      ['overview.get', {}],
      ['batches.list', { filter: {}, limit: 200 }],
      ['batches.get', { id: batch.id }],
      ['changes.list', { limit: 200 }],
      ['glBatches.list', { from: monthStart, to: monthEnd }],
      ['transactions.list', { filter: {}, cursor, limit: 200 }],
    ];
  };

  // Each view alone: one user, one call at a time, the server otherwise idle.
  const serial: Record<string, number[]> = {};
  for (let i = 0; i < SERIAL_CALLS; i++) {
    for (const [method, args] of viewsOf(batches[(i * 7919) % batches.length]!, null)) {
      (serial[method] ??= []).push((await call(users[0]!, method, args)).ms);
    }
  }
  results.aloneP50ByMethod = Object.fromEntries(
    Object.entries(serial).map(([method, ms]) => [method, summary(ms).p50]),
  );

  type Phase = 'warm-up' | 'idle' | 'sync';
  let phase: Phase | null = 'warm-up';
  const samples: Record<'idle' | 'sync', Array<{ method: string; ms: number }>> = { idle: [], sync: [] };

  // A failed call stops every user at once rather than surfacing after the sync.
  let failure: unknown = null;
  const stopOn = (error: unknown) => {
    failure ??= error;
    phase = null;
  };
  const throwIfFailed = () => {
    if (failure) throw failure;
  };

  async function browse(user: (typeof users)[number]): Promise<void> {
    let cursor: string | null = null;
    let pages = 0;
    while (phase) {
      await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + user.next())));
      if (!phase) break;
      const views = viewsOf(batches[Math.floor(user.next() * batches.length)]!, cursor);
      const [method, args] = views[Math.floor(user.next() * views.length)]!;
      const started = phase;
      const { ms, result } = await call(user, method, args);
      if (method === 'transactions.list') {
        // Scrolling: the next page, back to the top after five.
        cursor = ++pages < 5 ? (result as { nextCursor: string | null }).nextCursor : null;
        if (cursor === null) pages = 0;
      }
      if (started === 'idle' || started === 'sync') samples[started].push({ method, ms });
    }
  }
  const browsing = Promise.all(users.map((user) => browse(user).catch(stopOn)));

  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  throwIfFailed();
  phase = 'idle';
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  throwIfFailed();
  const eventsBefore = users.reduce((n, u) => n + u.stream.events(), 0);
  phase = 'sync';
  server.child.stdin!.write('sync\n');
  const nightly = await syncDone;
  phase = null;
  await browsing;
  throwIfFailed();
  const eventsPushed = users.reduce((n, u) => n + u.stream.events(), 0) - eventsBefore;
  for (const user of users) {
    user.stream.close();
    user.agent.destroy();
  }
  server.child.stdin!.end();
  await new Promise((resolve) => server.child.once('exit', resolve));
  if (nightly.summary.status !== 'succeeded') throw new Error(`nightly sync ${nightly.summary.status}`);

  results.nightlyNewTransactions = nightly.summary.transactionsInserted;
  results.nightlyUpdated = nightly.summary.transactionsUpdated;
  results.nightlyChanges = nightly.summary.changesRecorded;
  results.syncSeconds = +(nightly.syncMs / 1000).toFixed(2);
  results.idle = summary(samples.idle.map((s) => s.ms));
  results.duringSync = summary(samples.sync.map((s) => s.ms));
  results.duringSyncP95ByMethod = Object.fromEntries(
    [...new Set(samples.sync.map((s) => s.method))]
      .sort()
      .map((method) => [method, summary(samples.sync.filter((s) => s.method === method).map((s) => s.ms)).p95]),
  );
  results.eventsPushedPerUserDuringSync = Math.round(eventsPushed / USERS);
  results.goalP95Ms = GOAL_P95_MS;

  // ---------- the same nightly sync with no one browsing ----------
  const alone = await engineAt(dbAlone, NOW);
  const t0 = performance.now();
  const aloneRun = await alone.sync.start({ trigger: 'schedule' });
  const aloneSummary = (await aloneRun.finished)!;
  results.syncAloneSeconds = +((performance.now() - t0) / 1000).toFixed(2);
  await alone.close();
  if (aloneSummary.status !== 'succeeded') throw new Error(`sync alone ${aloneSummary.status}`);
  results.loadAfter = +loadavg()[0]!.toFixed(2);

  sandbox.child.stdin!.end();
  sandbox.child.kill();
  rmSync(work, { recursive: true, force: true });

  const idle = results.idle as ReturnType<typeof summary>;
  const during = results.duringSync as ReturnType<typeof summary>;
  console.log(
    `nightly: ${results.nightlyNewTransactions} new, ${results.nightlyUpdated} updated on a ${results.storeTransactions}-transaction store in ${results.syncSeconds} s with ${USERS} users browsing (${results.syncAloneSeconds} s alone)`,
  );
  console.log(
    `view calls idle: p50 ${idle.p50} ms, p95 ${idle.p95} ms, p99 ${idle.p99} ms (${idle.calls} calls over ${IDLE_MS / 1000} s)`,
  );
  console.log(
    `view calls during the sync: p50 ${during.p50} ms, p95 ${during.p95} ms, p99 ${during.p99} ms (${during.calls} calls; goal p95 < ${GOAL_P95_MS} ms)`,
  );
  console.log(`p95 by method during the sync (ms): ${JSON.stringify(results.duringSyncP95ByMethod)}`);
  console.log(`each view alone, p50 (ms): ${JSON.stringify(results.aloneP50ByMethod)}`);
  console.log(
    `load average (1 min) before ${results.loadBefore}, after ${results.loadAfter}: the machine may be shared`,
  );

  const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'team.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(results));
}
