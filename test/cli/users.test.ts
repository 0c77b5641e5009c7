/** `district-recon users` and `serve`'s refusals, as a district's admin runs them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCliDatabase, runCliInProcess, type CliDatabase } from './run';

const PASSWORD = 'correct horse battery staple';

let folder: string;
/** A file not there yet, or on the PostgreSQL run an empty database: `users add` creates the schema. */
let database: CliDatabase;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'recon-users-'));
  database = await emptyCliDatabase(folder, 'district');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const cli = async (args: string[], env: Record<string, string> = {}) => {
  const { code, stdout, stderr } = await runCliInProcess(args, folder, { RECON_USER_PASSWORD: '', ...env });
  return { status: code ?? 1, stdout, stderr };
};

describe('district-recon users', { timeout: 120_000 }, () => {
  it('adds users with the password from RECON_USER_PASSWORD, creating the database', async () => {
    const added = await cli(['users', 'add', 'Ana Ruiz', '--role', 'admin', ...database.args], {
      RECON_USER_PASSWORD: PASSWORD,
    });
    expect(added).toMatchObject({ status: 0, stdout: 'Added Ana Ruiz (admin).\n' });
    const second = await cli(['users', 'add', 'ben', '--role', 'preparer', ...database.args], {
      RECON_USER_PASSWORD: PASSWORD,
    });
    expect(second.status).toBe(0);
  });

  it('never takes a password as a flag, and without the variable off a terminal says what to do', async () => {
    const flag = await cli([
      'users',
      'add',
      'cy',
      '--role',
      'viewer',
      '--password',
      'hunter2hunter2',
      ...database.args,
    ]);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain("Unknown option '--password'");
    const none = await cli(['users', 'add', 'cy', '--role', 'viewer', ...database.args]);
    expect(none.status).toBe(2);
    expect(none.stderr).toBe(
      'district-recon users: set RECON_USER_PASSWORD, or run on a terminal to type the password (never as a flag)\n',
    );
  });

  it('refuses a taken name (any case), an unknown role and a short password, in one line each', async () => {
    const env = { RECON_USER_PASSWORD: PASSWORD };
    const taken = await cli(['users', 'add', 'ANA RUIZ', '--role', 'viewer', ...database.args], env);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toBe('district-recon users: There is already a user named ANA RUIZ (names ignore case).\n');
    const role = await cli(['users', 'add', 'dee', '--role', 'boss', ...database.args], env);
    expect(role.stderr).toMatch(
      /^district-recon users: The role must be viewer, preparer, approver or admin; got "boss"\.\n$/,
    );
    const short = await cli(['users', 'add', 'dee', '--role', 'viewer', ...database.args], {
      RECON_USER_PASSWORD: 'short',
    });
    expect(short.stderr).toBe('district-recon users: A password needs at least 12 characters.\n');
  });

  it('lists and disables', async () => {
    const listed = await cli(['users', 'list', ...database.args, '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ name: 'Ana Ruiz', role: 'admin', disabled: false }),
      expect.objectContaining({ name: 'ben', role: 'preparer', disabled: false }),
    ]);
    expect(listed.stdout).not.toContain('scrypt');
    expect((await cli(['users', 'disable', 'Ben', ...database.args])).stdout).toBe(
      'Disabled Ben; their sessions have ended.\n',
    );
    const after = await cli(['users', 'list', ...database.args]);
    expect(after.stdout).toMatch(/^ben +preparer +disabled/m);
    const unknown = await cli(['users', 'disable', 'zed', ...database.args]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('There is no user named zed');
  });

  it('resets a password: the new one is taken, in one line', async () => {
    const reply = await cli(['users', 'password', 'ana ruiz', ...database.args], {
      RECON_USER_PASSWORD: 'another long passphrase',
    });
    expect(reply).toMatchObject({ status: 0, stdout: 'New password set for ana ruiz; their sessions have ended.\n' });
    const unknown = await cli(['users', 'password', 'zed', ...database.args], {
      RECON_USER_PASSWORD: 'another long passphrase',
    });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('There is no user named zed');
  });

  it('list never creates a database', async () => {
    const missing = join(folder, 'missing.sqlite');
    const reply = await cli(['users', 'list', '--db', missing]);
    expect(reply.status).toBe(2);
    expect(reply.stderr).toBe(`district-recon users: there is no database at ${missing}\n`);
  });
});

describe('district-recon serve refuses plain HTTP beyond loopback', { timeout: 60_000 }, () => {
  it('in one line, before opening anything', async () => {
    const reply = await cli(['serve', ...database.args, '--host', '0.0.0.0', '--port', '0']);
    expect(reply.status).toBe(2);
    expect(reply.stderr).toBe(
      'district-recon serve: plain HTTP is for loopback only; to listen on 0.0.0.0 give --tls-cert F --tls-key F, or --behind-proxy\n',
    );
    const half = await cli(['serve', ...database.args, '--tls-cert', 'x.pem']);
    expect(half.stderr).toBe('district-recon serve: --tls-cert and --tls-key go together\n');
  });
});
