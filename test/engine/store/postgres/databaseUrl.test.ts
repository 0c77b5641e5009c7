import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl, redactDatabaseUrl, tlsOptions } from '../../../../electron/engine/store/dialect';

const SECRET = 's3cret';

/** The message of what parsing `url` throws, checked to be one line without the password. */
function refusal(url: string): string {
  let message: string | undefined;
  try {
    parseDatabaseUrl(url);
  } catch (error) {
    message = (error as Error).message;
    expect((error as { code?: string }).code).toBe('STORE');
  }
  expect(message, `${url} should be refused`).toBeDefined();
  expect(message).not.toContain(SECRET);
  expect(message).not.toContain('\n');
  return message!;
}

describe('parseDatabaseUrl', () => {
  it('reads postgres:// and postgresql:// URLs, decoding the user, password and database', () => {
    expect(
      parseDatabaseUrl('postgres://recon:p%40ss%3Aw%2Frd@db.district.org:6543/recon_2026?sslmode=verify-full'),
    ).toEqual({
      host: 'db.district.org',
      port: 6543,
      user: 'recon',
      password: 'p@ss:w/rd',
      database: 'recon_2026',
      sslMode: 'verify-full',
      sslRootCert: undefined,
      applicationName: undefined,
      connectTimeoutSeconds: undefined,
      redacted: 'postgres://recon:***@db.district.org:6543/recon_2026?sslmode=verify-full',
    });
    expect(
      parseDatabaseUrl(
        'POSTGRESQL://recon@db.district.org/recon?sslmode=require&application_name=district-server-2&connect_timeout=5&sslrootcert=/etc/recon/ca.pem',
      ),
    ).toMatchObject({
      port: 5432,
      password: undefined,
      sslMode: 'require',
      applicationName: 'district-server-2',
      connectTimeoutSeconds: 5,
      sslRootCert: '/etc/recon/ca.pem',
    });
  });

  it('allows a plain connection only to this machine: loopback or a unix socket', () => {
    for (const [url, host] of [
      ['postgres://recon@localhost/recon', 'localhost'],
      ['postgres://recon@127.0.0.1:5433/recon', '127.0.0.1'],
      ['postgres://recon@[::1]/recon', '::1'],
      ['postgres://recon@localhost/recon?host=/var/run/postgresql', '/var/run/postgresql'],
      ['postgres://recon@%2Fvar%2Frun%2Fpostgresql/recon', '/var/run/postgresql'],
      ['postgres://recon@localhost/recon?sslmode=disable', 'localhost'],
    ] as const) {
      expect(parseDatabaseUrl(url)).toMatchObject({ host });
    }
  });

  it('refuses a plain connection to another machine, saying to add sslmode=verify-full', () => {
    for (const url of [
      `postgres://recon:${SECRET}@db.district.org/recon`,
      `postgres://recon:${SECRET}@10.0.0.5/recon?sslmode=disable`,
      `postgres://recon:${SECRET}@db.district.org/recon?sslmode=prefer`,
      `postgres://recon:${SECRET}@[2001:db8::1]/recon?sslmode=allow`,
    ]) {
      expect(refusal(url)).toMatch(/without TLS; add sslmode=verify-full \(or sslmode=require\) to the URL/);
    }
    expect(refusal(`postgres://recon:${SECRET}@db.district.org/recon`)).toBe(
      'The database URL postgres://recon:***@db.district.org/recon connects to db.district.org without TLS; add sslmode=verify-full (or sslmode=require) to the URL: plain connections are allowed only on this machine.',
    );
  });

  it('refuses what is not a PostgreSQL URL, never echoing it', () => {
    expect(refusal(`mysql://recon:${SECRET}@db/recon`)).toBe(
      'The database URL must start with postgres:// or postgresql:// (it starts with mysql:), e.g. postgres://recon@db.district.org:5432/recon?sslmode=verify-full.',
    );
    expect(refusal(`/var/lib/recon/${SECRET}.sqlite`)).toMatch(/^The database URL must start with postgres:\/\//);
    expect(refusal(`recon:${SECRET}@db`)).toMatch(/^The database URL must start with postgres:\/\//);
    expect(refusal('')).toMatch(/^The database URL must start with postgres:\/\//);
    expect(refusal(`postgres://recon:${SECRET}@db:99999/recon`)).toMatch(/is not a valid URL/);
  });

  it('says what is missing or wrong in a PostgreSQL URL', () => {
    expect(refusal(`postgres://recon:${SECRET}@localhost/`)).toBe(
      'The database URL postgres://recon:***@localhost/ must name one database after the host, as in postgres://USER@HOST:5432/recon.',
    );
    expect(refusal(`postgres://:${SECRET}@localhost/recon`)).toMatch(/names no user/);
    expect(refusal(`postgres://recon:${SECRET}@localhost/recon?sslmode=on`)).toMatch(
      /has sslmode=on; use one of disable, allow, prefer, require, verify-ca, verify-full\.$/,
    );
    expect(refusal(`postgres://recon:${SECRET}@localhost/recon?connect_timeout=soon`)).toMatch(
      /connect_timeout=soon; give whole seconds/,
    );
    expect(refusal(`postgres://recon@localhost/recon?host=db.district.org`)).toMatch(/not a unix socket folder/);
  });

  it('refuses an unknown parameter by name, hiding its value (libpq takes ?password=)', () => {
    const message = refusal(`postgres://recon@localhost/recon?password=${SECRET}`);
    expect(message).toBe(
      'The database URL postgres://recon@localhost/recon?password=*** has an unknown parameter "password"; the parameters understood are sslmode, sslrootcert, application_name, connect_timeout, host.',
    );
  });
});

describe('redactDatabaseUrl', () => {
  it('hides the password, and says nothing of a URL it cannot read', () => {
    expect(redactDatabaseUrl(`postgresql://recon:${SECRET}@db/recon?sslmode=require`)).toBe(
      'postgresql://recon:***@db/recon?sslmode=require',
    );
    expect(redactDatabaseUrl('postgres://recon@db/recon')).toBe('postgres://recon@db/recon');
    expect(redactDatabaseUrl(`recon:${SECRET} not a url`)).toBe('(an unreadable database URL)');
    expect(redactDatabaseUrl(`mysql://recon:${SECRET}@db/recon`)).toBe('(an unreadable database URL)');
    expect(redactDatabaseUrl(`postgres://recon:${SECRET}@db:99999/recon`)).toBe('(an unreadable database URL)');
  });
});

describe('tlsOptions', () => {
  const at = (sslmode: string) => parseDatabaseUrl(`postgres://recon@db.district.org/recon?sslmode=${sslmode}`);

  it('encrypts without checking the server for require, checks it for verify-ca and verify-full', () => {
    expect(tlsOptions(parseDatabaseUrl('postgres://recon@localhost/recon'), undefined)).toBe(false);
    expect(tlsOptions(at('require'), undefined)).toEqual({ rejectUnauthorized: false });
    expect(tlsOptions(at('verify-full'), 'PEM')).toEqual({ rejectUnauthorized: true, ca: 'PEM' });
    const verifyCa = tlsOptions(at('verify-ca'), undefined);
    expect(verifyCa).toMatchObject({ rejectUnauthorized: true });
    // verify-ca trusts any name on a certificate from the trusted authority.
    expect((verifyCa as { checkServerIdentity: () => unknown }).checkServerIdentity()).toBeUndefined();
  });
});
