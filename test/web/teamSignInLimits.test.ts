/**
 * Sign-in limits per account as well as per address (issue 26 item 7): a delay that grows with each
 * failure for one account from any address, an `audit:` line in the server's log after 10, and one
 * normalisation of names for matching and limiting on both databases ("ADMİN" is Admin).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../electron/engine/logger';
import { PASSWORD, send, startTeamHost, type TeamHost } from '../helpers/teamHost';

const warnings: string[] = [];
const logger: Logger = { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined };

let team: TeamHost;
beforeAll(async () => {
  team = await startTeamHost({
    users: [
      ['Admin', 'admin'],
      ['Ben', 'preparer'],
      ['Émile', 'viewer'],
      ['İpek', 'viewer'],
    ],
    logger,
  });
}, 30_000);
afterAll(() => team.close());

/** A sign-in from `from`, one of loopback's many addresses: a guesser rotating their address. */
const login = (name: string, password: string, from = '127.0.0.1') =>
  send(team.host.port, '/auth/login', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
    localAddress: from,
  });

describe('per account, from any address', () => {
  // Each attempt is a deliberate scrypt check (cheaper for seeded users: teamHost.ts); some twenty of them.
  it(
    'slows an account guessed from many addresses, the delay doubling to at most a minute; the user then gets in',
    { timeout: 120_000 },
    async () => {
      for (let i = 0; i < 5; i++) expect((await login('Ben', `guess ${i}`, `127.0.0.${10 + i}`)).status).toBe(401);
      const slowed = await login('Ben', PASSWORD, '127.0.0.20');
      expect(slowed.status).toBe(429);
      expect(slowed.json.error!.message).toBe(
        'Too many wrong passwords for Ben: each try now waits. Try again in 1 second, or ask an admin to check your account.',
      );
      expect(slowed.headers['retry-after']).toBe('1');

      team.clock.advance({ seconds: 1 });
      expect((await login('Ben', 'guess 5', '127.0.0.21')).status).toBe(401);
      const longer = await login('Ben', 'guess 6', '127.0.0.22');
      expect(longer.status).toBe(429);
      expect(longer.headers['retry-after']).toBe('2');

      for (let i = 0; i < 8; i++) {
        team.clock.advance({ seconds: 60 });
        expect((await login('Ben', `more ${i}`, `127.0.0.${30 + i}`)).status).toBe(401);
      }
      const capped = await login('Ben', PASSWORD, '127.0.0.50');
      expect(capped.status).toBe(429);
      expect(capped.headers['retry-after']).toBe('60');
      team.clock.advance({ seconds: 60 });
      expect((await login('Ben', PASSWORD, '127.0.0.50')).status).toBe(200);
    },
  );

  it('writes one audit alert to the server log after 10 failures, naming the account and how many addresses', () => {
    const alerts = warnings.filter((line) => line.startsWith('audit:'));
    expect(alerts).toEqual([
      'audit: 10 wrong passwords for the account "ben" within 15 minutes, from 10 addresses; its sign-in is slowed. Check with the user; "district-recon users disable" stops the account.',
    ]);
  });
});

describe('the sign-in form', () => {
  it('says the wait in seconds when an account is slowed; an unknown name is limited the same way', async () => {
    for (let i = 0; i < 5; i++) expect((await login('Nobody', `guess ${i}`, `127.0.0.${60 + i}`)).status).toBe(401);
    const form = await send(team.host.port, '/auth/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Nobody', password: 'guess 5' }).toString(),
      localAddress: '127.0.0.70',
    });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/login?slowed=1');
    const page = await send(team.host.port, '/login?slowed=1', { method: 'GET' });
    expect(page.text).toContain('Too many wrong passwords for this name: each try now waits. Try again in 1 second.');
  });
});

describe('one normalisation of names', () => {
  it('"ADMİN" is Admin: it draws on the same budget, and signs in as Admin once the wait is over', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin', `guess ${i}`)).status).toBe(401);
    expect((await login('ADMİN', PASSWORD)).status).toBe(429);
    expect((await login('Admın', PASSWORD)).status).toBe(429);
    team.clock.advance({ minutes: 16 });
    const signedIn = await login('ADMİN', PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.result).toMatchObject({ user: { name: 'Admin', role: 'admin' } });
  });

  it('matches names beyond ASCII the same way on SQLite and PostgreSQL', async () => {
    for (const [typed, name] of [
      ['ÉMILE', 'Émile'],
      ['émile', 'Émile'],
      ['ipek', 'İpek'],
      ['İPEK', 'İpek'],
      ['  émile ', 'Émile'],
    ]) {
      const reply = await login(typed!, PASSWORD);
      expect(reply.status, typed).toBe(200);
      expect(reply.json.result).toMatchObject({ user: { name } });
    }
  });

  it('refuses a second user whose name folds to one already there', async () => {
    for (const name of ['ADMIN', 'admİn', 'EMİLE'.replace('E', 'É'), 'ipek']) {
      await expect(team.engine.team.users.add({ name, role: 'viewer', password: PASSWORD }), name).rejects.toThrow(
        /There is already a user named/,
      );
    }
  });
});
