/**
 * The District view as a workbook (issue 29 item 4), read back by LibreOffice: a header naming the
 * district, the month and when it was made (Central time), then one row per school as month.district
 * gives them, most behind first, with its state in words and its cents.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTH_STATE_WORDS, type DistrictStatus } from '../../../shared/contract';
import { fixedClock } from '../../../shared/time';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { createTestEngine } from '../../helpers/engine';
import { csvCents, csvFields, findLibreOffice, onCi, sheetsAsCsv } from '../../helpers/libreoffice';
import { addBatch, addGlAccount, addMonthClose, addPayee } from '../reconcile/fixtures';

const libreoffice = findLibreOffice();
// Locally, without LibreOffice, there is nothing to run; on CI its absence is a failure below.
const run = libreoffice || onCi ? describe : describe.skip;
const MONTH = '2026-03';

run('the district workbook, as LibreOffice reads it', () => {
  let engine: Engine;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'recon-district-xlsx-'));
    // April 20th 10:00 Central: March ended, and its deadline (the 15th) is five days past.
    engine = await createTestEngine({ dataFolder: folder, clock: fixedClock('2026-04-20T15:00:00Z') });
    // The district's name as an admin gives it in Settings, trimmed on the way in.
    await engine.call('settings.set', { patch: { districtName: '  Cedar Valley ISD ' } });
    const db = engine.internals.store.writer.db;
    await addGlAccount(db, 'gl-a', '4100-100', 'Athletics Fees');
    for (let school = 1; school <= 4; school++) await addPayee(db, school, `School ${school}`);
    // Schools 1 and 2 took money in March: deposits to sign off and to find in the bank.
    for (const [school, days] of [
      [1, 3],
      [2, 1],
    ] as const)
      for (let day = 0; day < days; day++)
        await addBatch(db, {
          id: `7300${school}${day}`,
          payeeId: school,
          date: `2026-03-${String(10 + day).padStart(2, '0')}`,
          transactions: [{ id: school * 100 + day, amountCents: 2507 + 131 * day, glAccountId: 'gl-a' }],
        });
    for (const [payeeId, state] of [
      [3, 'submitted'],
      [4, 'closed'],
    ] as const)
      await addMonthClose(db, payeeId, MONTH, state);
  });
  afterAll(async () => {
    await engine?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it(
    "has the district, month and Central time on top, then each school's state and cents",
    { timeout: 180_000 },
    async () => {
      expect(
        libreoffice,
        'LibreOffice is not installed: run `apt-get install -y --no-install-recommends libreoffice-calc`',
      ).not.toBeNull();
      const district: DistrictStatus = await engine.call('month.district', { month: MONTH });
      expect(district.rows.map((r) => r.state)).toEqual(['open', 'open', 'submitted', 'closed']);
      expect(district.rows.some((r) => r.differenceCents !== 0 || r.inTransitCents !== 0)).toBe(true);

      const workbook = await engine.call('month.districtWorkbook', { month: MONTH });
      expect(workbook).toMatchObject({ fileName: 'district-recon-district-2026-03.xlsx', schools: 4 });
      const file = join(folder, workbook.fileName);
      writeFileSync(file, Buffer.from(workbook.xlsxBase64, 'base64'));
      const sheet = sheetsAsCsv(libreoffice!, file, folder)['District']!.map(csvFields);

      expect(sheet[0]![0]).toBe("Cedar Valley ISD: every school's month");
      expect(sheet[1]![0]).toBe('Month: March 2026 (2026-03); due 2026-04-15');
      expect(sheet[2]![0]).toBe('Made 2026-04-20 10:00 CT');
      expect(sheet[4]).toEqual([
        'School',
        'Payee ID',
        'State',
        'Days past deadline',
        'Deposits signed off',
        'Bank matched',
        'In transit',
        'In transit amount',
        'Difference',
        'Pending approvals',
        'Open items',
      ]);
      const rows = sheet.slice(5);
      expect(rows).toHaveLength(district.rows.length);
      rows.forEach((fields, i) => {
        const row = district.rows[i]!;
        expect(fields.slice(0, 7)).toEqual([
          row.payeeName,
          String(row.payeeId),
          MONTH_STATE_WORDS[row.state],
          String(row.daysPastDeadline),
          `${row.signedOff} of ${row.deposits}`,
          `${row.bankMatched} of ${row.deposits}`,
          String(row.inTransit),
        ]);
        expect([csvCents(fields[7]!), csvCents(fields[8]!)]).toEqual([row.inTransitCents, row.differenceCents]);
        expect(fields.slice(9)).toEqual([String(row.pendingApprovals), String(row.openItems)]);
      });
      expect(rows[0]!.slice(2, 4)).toEqual(['Open', '5']);
      expect(rows[3]!.slice(2, 4)).toEqual(['Closed', '0']);
    },
  );
});
