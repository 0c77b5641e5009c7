import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../../electron/engine/team/passwords';
import { createTestEngine } from '../../helpers/engine';

const PASSWORD = 'correct horse battery staple';

describe('password hashes', () => {
  it('are scrypt at the floor (N=2^15, r=8, p=1) when the engine adds a user, and an unknown name costs the same', async () => {
    const engine = await createTestEngine({ host: 'web' });
    try {
      await engine.team.users.add({ name: 'Ana', role: 'viewer', password: PASSWORD });
      const row = await engine.internals.store.reader.db
        .selectFrom('users')
        .select('password_hash')
        .where('name', '=', 'Ana')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(DUMMY_HASH).toMatch(/^scrypt\$32768\$8\$1\$/);
    } finally {
      await engine.close();
    }
  });

  it('verify the right password only, at the cost the hash carries', async () => {
    const cheap = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword(PASSWORD, cheap)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, cheap)).toBe(false);
    expect(await verifyPassword(PASSWORD, DUMMY_HASH)).toBe(false);
  });
});
