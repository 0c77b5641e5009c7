import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../electron/engine/store/dialect';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { migrationUnderTest } from '../../../helpers/migrationDb';

const beforeIt = migrationUnderTest('014_bank_line_identity');

describe('migration 014_bank_line_identity', () => {
  it('records statements imported before it as matched when they were imported, and their lines as ordinary', async () => {
    const { sqlite, db } = await beforeIt();
    sqlite.exec(`INSERT INTO bank_accounts (id, number, currency, first_seen_at) VALUES (1, '0042', 'USD', 'x')`);
    sqlite.exec(
      `INSERT INTO bank_statements (id, file_name, sha256, format, from_date, to_date, line_count, new_line_count, imported_at, imported_by)
       VALUES (1, 'march.bai', 'ab', 'bai2', '2026-03-02', '2026-03-06', 1, 1, '2026-03-07T12:00:00.000Z', 'Dana')`,
    );
    sqlite.exec(
      `INSERT INTO bank_lines (account_id, statement_id, posted_date, amount_cents, type_code, bank_reference, text, raw, identity, line_number)
       VALUES (1, 1, '2026-03-03', 500, '165', 'R1', 'DEPOSIT', '16,165,500', '["bai2","0042","ref","R1","2026-03-03",500]', 4)`,
    );

    await migrate(db);

    expect(sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(sqlite.prepare('SELECT matched_at FROM bank_statements').get()).toEqual({
      matched_at: '2026-03-07T12:00:00.000Z',
    });
    expect(sqlite.prepare('SELECT duplicate_of, duplicate_state, corrects_line_id FROM bank_lines').get()).toEqual({
      duplicate_of: null,
      duplicate_state: null,
      corrects_line_id: null,
    });
    expect(sqlite.prepare('SELECT count(*) AS n FROM bank_line_sightings').get()).toEqual({ n: 0 });
  });
});
