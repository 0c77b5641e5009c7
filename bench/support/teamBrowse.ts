/**
 * The users' half of team.bench.ts: 50 signed-in HTTP clients, each holding the event stream open
 * as the app does, browse the views with a think time between calls, first on an idle server, then
 * while the server runs its nightly sync. The server is another process (see team.bench.ts's
 * server role), so the users' clock is not the server's event loop.
 */
import type { ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addDays } from '../../shared/time';
import { eventStream, post, random, summary, type Session } from './teamClient';

const SERIAL_CALLS = 7;
const WARM_UP_MS = 3_000;

export interface BrowseOptions {
  port: number;
  /** The server role's process: "sync" on its stdin runs the nightly sync, which answers one line. */
  server: ChildProcess;
  /** The server role's next line (its answer to "sync"). */
  serverLine(): Promise<string>;
  /** Changes something at the service that the next sync brings in (so the run changes data). */
  changeServiceData(): Promise<void>;
  /** How many more nightlies, each followed by the first call of each view (firstAfterNightly). */
  nightlies: number;
  names: string[];
  password: string;
  thinkMs: number;
  idleMs: number;
}

type Stats = ReturnType<typeof summary>;

export interface BrowseResults {
  aloneP50ByMethod: Record<string, number>;
  aloneP95ByMethod: Record<string, number>;
  idle: Stats;
  idleP95ByMethod: Record<string, number>;
  duringSync: Stats;
  duringSyncP95ByMethod: Record<string, number>;
  syncMs: number;
  /** The server's event-loop delay during the sync (p50, p99, max): how long calls waited for it. */
  loopDelayMs: Record<string, number>;
  /** This process's event-loop delay during the sync (p99, max): how much the users' clocks add. */
  usersLoopDelayMs: Record<string, number>;
  /** The server's own time per call during the sync (from its handler's start to its end). */
  servedMs: Record<string, number>;
  nightly: Record<string, number | string>;
  eventsPushedPerUserDuringSync: number;
  /** Each view's first call right after a nightly ended, one sample per nightly (the views as they open). */
  firstAfterNightlyMsByMethod: Record<string, Stats>;
}

const p95ByMethod = (samples: Array<{ method: string; ms: number }>) =>
  Object.fromEntries(
    [...new Set(samples.map((s) => s.method))]
      .sort()
      .map((method) => [method, summary(samples.filter((s) => s.method === method).map((s) => s.ms)).p95]),
  );

/** What the server role answers when its sync ends (team.bench.ts serverRole). */
interface ServerSync {
  syncMs: number;
  summary: Record<string, number | string>;
  loopDelayMs: Record<string, number>;
  servedMs: Record<string, number>;
}

export async function browseWhileSyncing(options: BrowseOptions): Promise<BrowseResults> {
  const { port, server, names, password, thinkMs, idleMs } = options;
  const runNightly = async () => {
    server.stdin!.write('sync\n');
    return JSON.parse(await options.serverLine()) as ServerSync;
  };

  const users = await Promise.all(
    names.map(async (name, i) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const reply = await post(port, agent, '/auth/login', { name, password });
      if (reply.status !== 200) throw new Error(`sign-in of ${name}: ${reply.status} ${reply.text}`);
      const session: Session = {
        cookie: reply.setCookie.map((line) => line.split(';')[0]).join('; '),
        csrf: (JSON.parse(reply.text) as { result: { csrfToken: string } }).result.csrfToken,
      };
      return { name, agent, session, next: random(1000 + i), stream: eventStream(port, session) };
    }),
  );
  type User = (typeof users)[number];

  const call = async (user: User, method: string, args: unknown) => {
    const reply = await post(port, user.agent, `/rpc/${method}`, args, user.session);
    if (reply.status !== 200)
      throw new Error(`${method} for ${user.name}: ${reply.status} ${reply.text.slice(0, 300)}`);
    // Parsed only where a user needs what it says: fifty users share this process, and parsing one
    // user's month of GL batches (4 MB with its reversals) would stop the clocks of the others.
    return { ms: reply.ms, result: () => (JSON.parse(reply.text) as { result: unknown }).result };
  };
  // What there is to open: the deposits and the months they fall in.
  const listed = await call(users[0]!, 'batches.list', { filter: {}, limit: 1000 });
  const batches = (listed.result() as { rows: Array<{ id: string; date: string }> }).rows;
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
    for (const [method, args] of viewsOf(batches[(i * 7919) % batches.length]!, null))
      (serial[method] ??= []).push((await call(users[0]!, method, args)).ms);
  }

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

  async function browse(user: User): Promise<void> {
    let cursor: string | null = null;
    let pages = 0;
    while (phase) {
      await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + user.next())));
      if (!phase) break;
      const views = viewsOf(batches[Math.floor(user.next() * batches.length)]!, cursor);
      const [method, args] = views[Math.floor(user.next() * views.length)]!;
      const started = phase;
      const { ms, result } = await call(user, method, args);
      if (method === 'transactions.list') {
        // Scrolling: the next page, back to the top after five.
        cursor = ++pages < 5 ? (result() as { nextCursor: string | null }).nextCursor : null;
        if (cursor === null) pages = 0;
      }
      if (started === 'idle' || started === 'sync') samples[started].push({ method, ms });
    }
  }
  const browsing = Promise.all(users.map((user) => browse(user).catch(stopOn)));

  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  throwIfFailed();
  phase = 'idle';
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  throwIfFailed();
  const eventsBefore = users.reduce((n, u) => n + u.stream.events(), 0);
  phase = 'sync';
  // This process's own event loop during the sync: what it adds to every user's clock.
  const usersHeld = monitorEventLoopDelay({ resolution: 10 });
  usersHeld.enable();
  const syncDone = runNightly();
  const nightly = await syncDone;
  phase = null;
  usersHeld.disable();
  await browsing;
  throwIfFailed();
  const eventsPushed = users.reduce((n, u) => n + u.stream.events(), 0) - eventsBefore;
  if (nightly.summary.status !== 'succeeded') throw new Error(`nightly sync ${nightly.summary.status}`);

  // The first view calls after a nightly: three people open the three views the moment it ends,
  // with the args each view sends as it opens (GL Batches asks its default range, then lists it).
  const firstViews: Array<() => Promise<Array<[string, number]>>> = [
    async () => [['overview.get', (await call(users[1]!, 'overview.get', {})).ms]],
    async () => [['batches.list', (await call(users[2]!, 'batches.list', { filter: {}, limit: 200 })).ms]],
    async () => {
      const range = await call(users[3]!, 'glBatches.defaultRange', {});
      const { from, to } = range.result() as { from: string; to: string };
      const list = await call(users[3]!, 'glBatches.list', { from, to });
      return [
        ['glBatches.defaultRange', range.ms],
        ['glBatches.list', list.ms],
      ];
    },
  ];
  const firstAfter: Record<string, number[]> = {};
  for (let n = 0; n < options.nightlies; n++) {
    await options.changeServiceData();
    const again = await runNightly();
    if (again.summary.status !== 'succeeded') throw new Error(`nightly ${n + 2} ${again.summary.status}`);
    if (!Number(again.summary.transactionsUpdated)) throw new Error(`nightly ${n + 2} changed no transaction`);
    const timed = await Promise.all(firstViews.map((open) => open()));
    for (const [method, ms] of timed.flat()) (firstAfter[method] ??= []).push(ms);
  }
  for (const user of users) {
    user.stream.close();
    user.agent.destroy();
  }
  server.stdin!.end();
  await new Promise((resolve) => server.once('exit', resolve));

  return {
    aloneP50ByMethod: Object.fromEntries(Object.entries(serial).map(([method, ms]) => [method, summary(ms).p50])),
    aloneP95ByMethod: Object.fromEntries(Object.entries(serial).map(([method, ms]) => [method, summary(ms).p95])),
    idle: summary(samples.idle.map((s) => s.ms)),
    idleP95ByMethod: p95ByMethod(samples.idle),
    duringSync: summary(samples.sync.map((s) => s.ms)),
    duringSyncP95ByMethod: p95ByMethod(samples.sync),
    syncMs: nightly.syncMs,
    loopDelayMs: nightly.loopDelayMs,
    usersLoopDelayMs: { p99: usersHeld.percentile(99) / 1e6, max: usersHeld.max / 1e6 },
    servedMs: nightly.servedMs,
    nightly: nightly.summary,
    eventsPushedPerUserDuringSync: Math.round(eventsPushed / names.length),
    firstAfterNightlyMsByMethod: Object.fromEntries(
      Object.entries(firstAfter).map(([method, ms]) => [method, summary(ms)]),
    ),
  };
}
