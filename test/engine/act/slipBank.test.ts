/**
 * A deposit slip meets the bank (issue 28 item 3, DESIGN.md §10), on the dialect the suite runs on:
 * the office takes the day's cash and checks to the bank, the bank credits one line of what was
 * counted, and the service settles the collections into a Cash and a PhysicalCheck batch. The line is
 * matched to the slip and the slip to its batches; an over/short slip is credited its counted total
 * and the difference stays in sight; confirm and unmatch work on it; importing the statement again
 * adds nothing; the month reads the slip's batches as matched.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/time';
import type { BankLineSummary } from '../../../shared/domain';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { tableRows } from '../../helpers/storeRows';
import { bai2FromLines } from '../bank/generate';
import type { Harness } from '../sync/harness';
import { collectedDay, verifiedSlip, type SlipDay } from './slipDay';

const closing = closeAfterEach();
const SLOW = 240_000;

/** Counted by Dana, verified by Lee; then the service's midnight settles the day into batches, synced. */
async function slipOfTheDay(day: SlipDay, shortCents: number): Promise<{ id: string; batchIds: string[] }> {
  const { h } = day;
  const slip = await verifiedSlip(
    day,
    day.cashCents - shortCents,
    shortCents !== 0 ? 'A dollar missing from the envelope' : undefined,
  );
  h.sandbox.advanceDays(1);
  expect((await h.sync()).status).toBe('succeeded');
  const listed = (await h.engine.call('slips.list', { payeeId: day.payee })).find((s) => s.id === slip.id);
  const itemIds = new Set(listed!.items.map((item) => item.transactionId));
  const batchIds = [
    ...new Set(
      (await tableRows(h.engine, 'transactions'))
        .filter((t) => itemIds.has(Number(t.id)))
        .map((t) => String(t.batch_id)),
    ),
  ].sort();
  // The service batches cash and checks apart: the slip's collections are in two deposits.
  expect(batchIds).toHaveLength(2);
  expect(batchIds.every((id) => id !== 'null')).toBe(true);
  return { id: slip.id, batchIds };
}

function statementOf(day: SlipDay, amountCents: number): string {
  return bai2FromLines([
    {
      account: '0012345678',
      postedDate: addDays(day.today, 1),
      amountCents,
      typeCode: '301',
      bankReference: 'SLIPDEP1',
      text: 'BRANCH DEPOSIT',
    },
  ]);
}

async function onlyLine(h: Harness): Promise<BankLineSummary> {
  const lines = await h.engine.call('bank.lines', {});
  expect(lines.rows).toHaveLength(1);
  return lines.rows[0]!;
}

describe('a deposit slip at the bank', () => {
  it(
    'is matched when the bank credits it, holds its batches; confirm, unmatch, re-import and the month agree',
    { timeout: SLOW },
    async () => {
      const day = await collectedDay(closing);
      const { h } = day;
      const slip = await slipOfTheDay(day, 0);
      const statement = statementOf(day, day.collectedCents);
      expect(await h.engine.call('bank.import', { fileName: 'day.bai', content: statement })).toMatchObject({
        newLines: 1,
        matched: 1,
      });

      const line = await onlyLine(h);
      expect(line.status).toBe('matched');
      expect(line.suggestions).toEqual([]);
      expect(line.match).toMatchObject({
        status: 'matched',
        how: 'exact',
        batchIds: slip.batchIds,
        slip: {
          id: slip.id,
          countedCents: day.collectedCents,
          collectedCents: day.collectedCents,
          overShortCents: 0,
          countedBy: 'Dana',
          verifiedBy: 'Lee',
        },
      });
      for (const batchId of slip.batchIds) {
        expect((await h.engine.call('bank.forBatch', { batchId })).line?.id).toBe(line.id);
      }
      const month = day.today.slice(0, 7);
      const status = await h.engine.call('month.status', { payeeId: day.payee, month });
      const inBank = status.checklist.find((item) => item.item === 'deposits_in_bank')!;
      expect(JSON.stringify(inBank.open)).not.toContain(slip.batchIds[0]);
      expect(JSON.stringify(inBank.open)).not.toContain(slip.batchIds[1]);

      // The same statement again: nothing new, the match as it was.
      expect(await h.engine.call('bank.import', { fileName: 'day-again.bai', content: statement })).toMatchObject({
        newLines: 0,
      });
      expect((await onlyLine(h)).match).toEqual(line.match);
      expect(await tableRows(h.engine, 'bank_matches')).toHaveLength(1);

      const confirmed = (await h.engine.callAs('Kim', 'bank.confirm', {
        lineId: line.id,
        slipId: slip.id,
      })) as BankLineSummary;
      expect(confirmed.match).toMatchObject({ status: 'confirmed', confirmedBy: 'Kim', slip: { id: slip.id } });

      const unmatched = await h.engine.call('bank.unmatch', { lineId: line.id, reason: 'Not this slip' });
      // Undone by a person: the matcher never makes it again; its batches are at most suggested (as
      // any match a person undid), and the slip is not offered again for this line.
      expect(unmatched.match).toBeNull();
      expect(unmatched.suggestions.every((s) => s.slip === null)).toBe(true);
      for (const batchId of slip.batchIds) {
        expect((await h.engine.call('bank.forBatch', { batchId })).line).toBeNull();
      }
      const detail = await h.engine.call('bank.line', { id: line.id });
      expect(detail.undoneMatches).toEqual([
        expect.objectContaining({ slip: expect.objectContaining({ id: slip.id }), undoneReason: 'Not this slip' }),
      ]);
    },
  );

  it(
    'short: the bank credits what was counted, the line matches the slip, and the shortage stays in sight',
    { timeout: SLOW },
    async () => {
      const day = await collectedDay(closing);
      const { h } = day;
      const slip = await slipOfTheDay(day, 100);
      const counted = day.collectedCents - 100;
      await h.engine.call('bank.import', { fileName: 'day.bai', content: statementOf(day, counted) });

      const line = await onlyLine(h);
      expect(line.status).toBe('matched');
      expect(line.match).toMatchObject({
        batchIds: slip.batchIds,
        slip: {
          id: slip.id,
          countedCents: counted,
          collectedCents: day.collectedCents,
          overShortCents: -100,
          comment: 'A dollar missing from the envelope',
        },
      });
      const listed = (await h.engine.call('slips.list', { payeeId: day.payee })).find((s) => s.id === slip.id);
      expect(listed!.overShortCents).toBe(-100);
    },
  );
});
