/**
 * Two district servers (two `district-recon serve` processes) on one database, a SQLite file and a
 * PostgreSQL database in turn: 20 concurrent
 * sign-offs of one batch over HTTP, exactly one succeeds and the rest are CONFLICT naming who signed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChecksFresh } from '../../electron/engine/reconcile';
import { hashPassword } from '../../electron/engine/team/passwords';
import { insertUser } from '../../electron/engine/store/team';
import { createTeamDatabase, type TeamDatabase, type TeamDialect } from '../helpers/teamDatabase';
import { seedDistrict } from '../engine/reconcile/fixtures';
import { startServers, type ServeProcess } from '../helpers/serveProcess';
import { PASSWORD, send, signIn, type Session } from '../helpers/teamHost';

const APPROVERS = ['Ann', 'Bo', 'Cam', 'Dev'];

describe.each<TeamDialect>(['sqlite', 'postgres'])('two servers, one %s database', (dialect) => {
  let database: TeamDatabase;
  let servers: ServeProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    database = await createTeamDatabase(dialect);
    const store = await database.open();
    try {
      await seedDistrict(store.writer.db);
      await ensureChecksFresh(store.writer);
      const passwordHash = await hashPassword(PASSWORD);
      for (const name of APPROVERS) {
        await insertUser(store.writer, { name, role: 'approver', passwordHash, createdAt: '2026-03-04T15:00:00.000Z' });
      }
    } finally {
      await store.close();
    }
    servers = await startServers(database.serveArgs, 2, database.serveEnv);
    ports.push(...servers.map((server) => server.port));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database?.remove();
  });

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
      const store = await database.open();
      const history = await store.reader.db
        .selectFrom('batch_reviews')
        .select(['action', 'by'])
        .where('batch_id', '=', '730001')
        .where('action', '=', 'sign_off')
        .execute()
        .finally(() => store.close());
      expect(history).toEqual([{ action: 'sign_off', by: winner }]);
    },
  );
});
