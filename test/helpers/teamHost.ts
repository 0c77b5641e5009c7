/** A district server in this process (team mode over an in-memory engine), and raw HTTP to talk to it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../../shared/time';
import type { Role } from '../../shared/contractRoles';
import type { EngineWithInternals as Engine } from '../../electron/engine/engine';
import type { Logger } from '../../electron/engine/logger';
import { ensureChecksFresh } from '../../electron/engine/reconcile';
import { insertUser } from '../../electron/engine/store/team';
import { hashPassword } from '../../electron/engine/team/passwords';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { seedDistrict } from '../engine/reconcile/fixtures';
import { createTestEngine } from './engine';

export const PASSWORD = 'correct horse battery staple';
export const NOW = '2026-03-04T15:00:00.000Z';

export interface TeamHost {
  engine: Engine;
  host: WebHost;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

export async function startTeamHost(
  options: {
    users?: Array<[string, Role]>;
    behindProxy?: boolean;
    trustedProxies?: string[];
    logger?: Logger;
    requestTimeoutMs?: number;
  } = {},
): Promise<TeamHost> {
  const clock = fixedClock(NOW);
  // Its own folder: exports named by the fixed clock would otherwise meet those of an earlier run.
  const dataFolder = mkdtempSync(join(tmpdir(), 'recon-team-data-'));
  const engine = await createTestEngine({
    host: 'web',
    clock,
    dataFolder,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await seedDistrict(engine.internals.store.writer.db);
  await ensureChecksFresh(engine.internals.store.writer);
  for (const [name, role] of options.users ?? []) await addUser(engine, name, role);
  const staticDir = mkdtempSync(join(tmpdir(), 'recon-team-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>District Recon</title>');
  const behindProxy = options.behindProxy ?? false;
  const host = await startWebHost({
    engine,
    staticDir,
    team: { engine, secure: behindProxy, behindProxy, trustedProxies: options.trustedProxies },
    requestTimeoutMs: options.requestTimeoutMs,
    // As `district-recon serve` does: an export's download id is its record id.
    resolveDownload: async (id) =>
      (await engine.call('export.list', {})).find((record) => String(record.id) === id)?.file ?? null,
  });
  return {
    engine,
    host,
    clock,
    async close() {
      await host.close();
      await engine.close();
      // Each host's two temporary folders; left behind, a day of test runs had made a thousand.
      rmSync(dataFolder, { recursive: true, force: true });
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/**
 * Scrypt at 1/32 of the engine's cost: these tests sign in dozens of times to test limits and
 * sessions, not hashing (test/engine/team/passwords.test.ts covers that), and each check at full cost is ~0.1 s of
 * CPU and 32 MiB. Unknown names still cost a full check (DUMMY_HASH).
 */
const SEEDED_USER_COST = { N: 2 ** 10, r: 8, p: 1 };

/** A user as users.add stores one, its password hashed at SEEDED_USER_COST. */
async function addUser(engine: Engine, name: string, role: Role): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD, SEEDED_USER_COST);
  if (!(await insertUser(engine.internals.store.writer, { name, role, passwordHash, createdAt: NOW })))
    throw new Error(`startTeamHost: the user ${name} is there twice.`);
}

export interface Reply {
  status: number;
  json: { ok: boolean; result?: unknown; error?: { code: string; message: string } } & Record<string, unknown>;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

export function send(
  port: number,
  path: string,
  {
    method = 'POST',
    headers = {},
    body,
    localAddress,
  }: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, localAddress, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json: Reply['json'] = { ok: false };
          try {
            json = JSON.parse(text) as Reply['json'];
          } catch {
            // An HTML page or an empty redirect.
          }
          resolve({ status: res.statusCode ?? 0, json, text, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface Session {
  cookie: string;
  csrf: string;
  setCookie: string[];
}

export async function signIn(
  port: number,
  name: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<Session> {
  const reply = await send(port, '/auth/login', {
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name, password }),
  });
  if (reply.status !== 200) throw new Error(`sign-in of ${name} failed: ${reply.status} ${reply.text}`);
  const setCookie = (reply.headers['set-cookie'] as string[] | undefined) ?? [];
  return {
    cookie: setCookie.map((line) => line.split(';')[0]).join('; '),
    csrf: (reply.json.result as { csrfToken: string }).csrfToken,
    setCookie,
  };
}

export function rpc(
  port: number,
  session: Session,
  method: string,
  args: unknown = {},
  headers: Record<string, string> = {},
): Promise<Reply> {
  return send(port, `/rpc/${method}`, {
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf, ...headers },
    body: JSON.stringify(args),
  });
}
