import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, columnarInsert } from '../../../../electron/engine/store/columnarRows';
import type { Database } from '../../../../electron/engine/store/schema';
import { describePostgres, usePostgresKysely } from '../../../helpers/postgres';

/** Texts an array literal could misread: quoting, escapes, separators, control characters, Unicode. */
const HARD_TEXTS = [
  '',
  'NULL',
  'plain',
  'a "quoted" word',
  'back\\slash and \\n as two characters',
  '{"raw":"json with \\"escapes\\" and \\\\u00e9"}',
  'comma, {brace} and } and {',
  'real\nnewline\tand tab\r',
  'bell\u0007 and unit separator\u001f',
  'Café, naïve, 日本, emoji 🧾, line sep \u2028 para sep \u2029',
  '  leading and trailing spaces  ',
];

describe('arrayLiteral', () => {
  it('writes NULL, integers and quoted text', () => {
    const rows = [[null], [-42], [9_007_199_254_740_991], ['x "y" \\z']];
    expect(arrayLiteral(rows, 0, { name: 'c', type: 'text' })).toBe('{NULL,-42,9007199254740991,"x \\"y\\" \\\\z"}');
  });

  it('refuses what the store never writes, naming the column and the row', () => {
    expect(() => arrayLiteral([[1], [2.5]], 0, { name: 'amount_cents', type: 'bigint' })).toThrow(
      'Column amount_cents (bigint) of row 1 holds number 2.5: the store writes integers and text only.',
    );
    expect(() => arrayLiteral([[{}]], 0, { name: 'raw', type: 'text' })).toThrow(
      /Column raw \(text\) of row 0 holds object/,
    );
  });
});

describePostgres('columnarInsert on PostgreSQL', () => {
  const database = usePostgresKysely();
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = database();
    await sql`CREATE TABLE t (id BIGINT PRIMARY KEY, label TEXT COLLATE "C", n BIGINT)`.execute(db);
  });

  it('stores every text, null and integer exactly as given, and upserts on conflict', async () => {
    const insert = columnarInsert(
      't',
      [
        { name: 'id', type: 'bigint' },
        { name: 'label', type: 'text' },
        { name: 'n', type: 'bigint' },
      ],
      'ON CONFLICT (id) DO UPDATE SET label = excluded.label, n = excluded.n',
    );
    const rows = HARD_TEXTS.map((text, i) => [i + 1, text, i % 3 === 0 ? null : -i * 1_000_000_007]);
    rows.push([100, null, 9_007_199_254_740_991]);
    await db.executeQuery(insert(rows).compile());
    await db.executeQuery(insert([[100, 'replaced', 7]]).compile());

    const stored = await sql<{
      id: string;
      label: string | null;
      n: string | null;
    }>`SELECT id, label, n FROM t ORDER BY id`.execute(db);
    expect(stored.rows.map((r) => [Number(r.id), r.label, r.n === null ? null : Number(r.n)])).toEqual([
      ...rows.slice(0, -1),
      [100, 'replaced', 7],
    ]);
  });
});
