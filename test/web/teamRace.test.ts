/**
 * Two district servers (two processes, as two `district-recon serve` would run) on one SQLite file:
 * 20 concurrent sign-offs of one batch over HTTP, exactly one succeeds and the rest are CONFLICT
 * naming who signed. Separate processes on purpose: two engines in one process share one thread,
 * and SQLite's busy wait would block the very transaction it waits for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChecksFresh } from '../../electron/engine/reconcile';
import { hashPassword } from '../../electron/engine/team/passwords';
import { insertUser } from '../../electron/engine/store/users';
import { createTestDb, type TestStore } from '../helpers/db';
import { seedDistrict } from '../engine/reconcile/fixtures';
import { PASSWORD, send, signIn, type Session } from '../helpers/teamHost';

const BIN = fileURLToPath(new URL('../../electron/cli/bin.mjs', import.meta.url));
const APPROVERS = ['Ann', 'Bo', 'Cam', 'Dev'];

let store: TestStore;
const servers: ChildProcess[] = [];
const ports: number[] = [];

function serve(file: string): Promise<number> {
  const child = spawn(process.execPath, [BIN, 'serve', '--db', file, '--port', '0'], {
    env: { ...process.env, RECON_TOKEN: '', RECON_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /district server: http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

beforeAll(async () => {
  store = await createTestDb({ file: true });
  await seedDistrict(store.db);
  await ensureChecksFresh(store.writer);
  const passwordHash = await hashPassword(PASSWORD);
  for (const name of APPROVERS) {
    await insertUser(store.writer, { name, role: 'approver', passwordHash, createdAt: '2026-03-04T15:00:00.000Z' });
  }
  const file = `${store.folder}/district-recon.sqlite`;
  ports.push(...(await Promise.all([serve(file), serve(file)])));
}, 120_000);

afterAll(async () => {
  for (const child of servers) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  await store.cleanup();
});

describe('two servers, one database', () => {
  it(
    'of 20 concurrent sign-offs of one batch, exactly one succeeds; the others are CONFLICT naming who signed',
    { timeout: 60_000 },
    async () => {
      // Sessions live in the database: signed in on one server, known to the other.
      const sessions: Session[] = [];
      for (const name of APPROVERS) sessions.push(await signIn(ports[0]!, name));
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const port = ports[i % 2]!;
          const session = sessions[i % APPROVERS.length]!;
          return send(port, '/rpc/batches.signOff', {
            headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
            body: JSON.stringify({ id: '730001', note: `attempt ${i}` }),
          });
        }),
      );
      const won = replies.filter((reply) => reply.status === 200);
      const lost = replies.filter((reply) => reply.status !== 200);
      expect(won).toHaveLength(1);
      const winner = (won[0]!.json.result as { history: Array<{ action: string; by: string }> }).history.at(-1)!.by;
      expect(APPROVERS).toContain(winner);
      for (const reply of lost) {
        expect(reply.status).toBe(409);
        expect(reply.json.error).toMatchObject({
          code: 'CONFLICT',
          message: expect.stringContaining(`already signed off by ${winner}`),
        });
      }
      const history = store.sqlite
        .prepare(`SELECT action, by FROM batch_reviews WHERE batch_id = '730001' AND action = 'sign_off'`)
        .all();
      expect(history).toEqual([{ action: 'sign_off', by: winner }]);
    },
  );
});
