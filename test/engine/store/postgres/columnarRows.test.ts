import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrayParameter, columnarInsert, columnarUpdate } from '../../../../electron/engine/store/dialect';
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

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const header = (elementType: number, hasNull: 0 | 1, length: number) =>
  Buffer.concat([int32(1), int32(hasNull), int32(elementType), int32(length), int32(1)]);

describe('arrayParameter (PostgreSQL binary array format)', () => {
  it("writes NULL and int8 elements in two's complement, big-endian", () => {
    const rows = [[null], [-42], [9_007_199_254_740_991], [-9_007_199_254_740_991], [0]];
    expect(arrayParameter(rows, 0, { name: 'n', type: 'bigint' })).toEqual(
      Buffer.concat([
        header(20, 1, 5),
        int32(-1),
        Buffer.from('00000008ffffffffffffffd6', 'hex'),
        Buffer.from('00000008001fffffffffffff', 'hex'),
        Buffer.from('00000008ffe0000000000001', 'hex'),
        Buffer.from('000000080000000000000000', 'hex'),
      ]),
    );
  });

  it('writes text as its UTF-8 bytes, unquoted, and a number in a text column as its digits', () => {
    const rows = [['x "y" \\z'], ['Café 🧾'], [''], [12]];
    const utf8 = (text: string) => Buffer.concat([int32(Buffer.byteLength(text)), Buffer.from(text)]);
    expect(arrayParameter(rows, 0, { name: 'label', type: 'text' })).toEqual(
      Buffer.concat([header(25, 0, 4), utf8('x "y" \\z'), utf8('Café 🧾'), utf8(''), utf8('12')]),
    );
  });

  it('refuses what the store never writes, naming the column and the row', () => {
    expect(() => arrayParameter([[1], [2.5]], 0, { name: 'amount_cents', type: 'bigint' })).toThrow(
      'Column amount_cents (bigint) of row 1 holds number 2.5: the store writes integers and text only.',
    );
    expect(() => arrayParameter([['7']], 0, { name: 'payee_id', type: 'bigint' })).toThrow(
      'Column payee_id (bigint) of row 0 holds string 7: the store writes integers and text only.',
    );
    expect(() => arrayParameter([[{}]], 0, { name: 'raw', type: 'text' })).toThrow(
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

  it('updates the rows named by their key, text and integers as given', async () => {
    const update = columnarUpdate('t', { name: 'id', type: 'bigint' }, [
      { name: 'label', type: 'text' },
      { name: 'n', type: 'bigint' },
    ]);
    await db.executeQuery(
      update([
        [1, HARD_TEXTS.at(-2)!, -1],
        [2, null, null],
      ]).compile(),
    );
    const stored = await sql<{ id: string; label: string | null; n: string | null }>`
      SELECT id, label, n FROM t WHERE id IN (1, 2, 3) ORDER BY id`.execute(db);
    expect(stored.rows.map((r) => [Number(r.id), r.label, r.n === null ? null : Number(r.n)])).toEqual([
      [1, HARD_TEXTS.at(-2), -1],
      [2, null, null],
      [3, HARD_TEXTS[2], -2_000_000_014],
    ]);
  });
});
