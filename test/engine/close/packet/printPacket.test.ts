/**
 * The auditor's packet of a sandbox month (issue 29 item 3, Must show): its printed totals are the
 * store's cents, a closed month prints byte-identical with one SHA-256, and an open one says DRAFT on
 * every page. Runs on SQLite and (node-postgres) on PostgreSQL through the harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../shared/money';
import {
  contentSha256,
  printPacket,
  removePacket,
  storePacketAtClose,
  supersedePackets,
  type CloseState,
} from '../../../../electron/engine/close/packet';
import { gatherSchoolPacket } from '../../../../electron/engine/close/packet/gather';
import { packetsOf } from '../../../../electron/engine/store/packets';
import { ENGINE_DIALECT } from '../../../helpers/postgres';
import { tableRows } from '../../../helpers/storeRows';
import type { Harness } from '../../sync/harness';
import { closedBy, depsOf, MONTH, MONTH_END, pdfPages, startPacketMonth } from './packetHarness';

let h: Harness;
let payeeId: number;
let state: CloseState | null = null;

beforeAll(async () => {
  h = await startPacketMonth();
  payeeId = h.sandbox.state.payees[0]!.id;
}, 180_000);
afterAll(async () => h?.close());

/** The month's figures straight from the store's rows. */
async function storeFigures() {
  const batches = (await tableRows(h.engine, 'batches')).filter(
    (b) => Number(b.payee_id) === payeeId && String(b.date).startsWith(MONTH),
  );
  const held = new Map((await tableRows(h.engine, 'bank_matched_batches')).map((r) => [r.batch_id, r]));
  const lines = new Map((await tableRows(h.engine, 'bank_lines')).map((l) => [Number(l.id), l]));
  const matches = new Map((await tableRows(h.engine, 'bank_matches')).map((m) => [Number(m.id), m]));
  let deposits = 0;
  let inTransit = 0;
  const credited = new Set<number>();
  for (const b of batches) {
    deposits += Number(b.total_cents);
    const h = held.get(b.id);
    const line = h ? lines.get(Number(h.line_id)) : undefined;
    if (line && String(line.posted_date) <= MONTH_END) credited.add(Number(line.id));
    else {
      const how = h ? matches.get(Number(h.match_id))?.how : undefined;
      inTransit += how === 'net' ? Number(b.partial_cents) : Number(b.total_cents);
    }
  }
  const bankCredits = [...credited].reduce((sum, id) => sum + Number(lines.get(id)!.amount_cents), 0);
  const report = await h.engine.call('reconcile.reversals', {
    from: `${MONTH}-01`,
    to: MONTH_END,
    payeeIds: [payeeId],
  });
  return { deposits, bankCredits, inTransit, reversals: report.totalCents, batches: batches.length };
}

/** The line of a page's text that starts with `label`, with its amount. */
function amountAfter(text: string, label: string): string | undefined {
  const line = text.split('\n').find((l) => l.trimStart().startsWith(label));
  return line
    ?.trim()
    .split(/\s{2,}/)
    .at(-1);
}

describe(`a sandbox month's packet (${ENGINE_DIALECT})`, () => {
  it("prints the store's deposit, bank credit, in-transit and reversal totals", async () => {
    const figures = await storeFigures();
    expect(figures.batches).toBeGreaterThan(10);
    expect(figures.inTransit).toBeGreaterThan(0);
    expect(figures.reversals).toBeGreaterThan(0);
    const printed = await printPacket(
      depsOf(h, () => state),
      { month: MONTH, payeeId },
    );
    const pages = pdfPages(printed.bytes);
    const cover = pages[0]!;
    expect(amountAfter(cover, 'Deposits per the service')).toBe(formatMoney(figures.deposits));
    expect(amountAfter(cover, 'Bank credits matched by month end')).toBe(formatMoney(figures.bankCredits));
    expect(amountAfter(cover, 'In transit at month end')).toBe(formatMoney(figures.inTransit));
    expect(amountAfter(cover, 'Reversals (')).toBe(formatMoney(figures.reversals));
    const reconciliation = pages[1]!;
    expect(amountAfter(reconciliation, 'Deposits per the service')).toBe(formatMoney(figures.deposits));
    expect(amountAfter(reconciliation, 'Bank credits matched (')).toBe(formatMoney(figures.bankCredits));
    expect(pages.join('\n')).toContain('No deposit slips recorded.');
    expect(cover).toContain(`Content SHA-256: ${printed.sha256}`);
  }, 120_000);

  it('says DRAFT on every page while the month is open', async () => {
    state = null;
    const printed = await printPacket(
      depsOf(h, () => state),
      { month: MONTH, payeeId },
    );
    expect(printed.draft).toBe(true);
    const pages = pdfPages(printed.bytes);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain('DRAFT');
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  }, 120_000);

  it('prints a closed month byte-identical with one SHA-256, stores it at close, keeps it when superseded', async () => {
    state = closedBy('Ana Ruiz', '2026-03-12T17:30:00.000Z', 'Lee Park');
    const deps = depsOf(h, () => state);
    const first = await printPacket(deps, { month: MONTH, payeeId });
    const second = await printPacket(deps, { month: MONTH, payeeId });
    expect(first.draft).toBe(false);
    expect(second.sha256).toBe(first.sha256);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(first.sha256).toBe(contentSha256(await gatherSchoolPacket(deps, { month: MONTH, payeeId })));
    const text = pdfPages(first.bytes);
    expect(text.some((page) => page.includes('DRAFT'))).toBe(false);
    expect(text[0]).toMatch(/Prepared by\s+Lee Park, 2026-03-12/);
    expect(text[0]).toMatch(/Approved by\s+Ana Ruiz, 2026-03-12 12:30 CT/);

    const stored = await storePacketAtClose(deps, {
      month: MONTH,
      payeeId,
      closedBy: 'Ana Ruiz',
      closedAt: '2026-03-12T17:30:00.000Z',
    });
    expect(stored.sha256).toBe(first.sha256);
    const reprinted = await printPacket(deps, { month: MONTH, payeeId });
    expect(Buffer.from(reprinted.bytes).equals(Buffer.from(first.bytes))).toBe(true);

    await expect(
      removePacket(deps, { packetId: (await packetsOf(h.engine.internals.store.reader, MONTH, payeeId))[0]!.id }),
    ).rejects.toThrow(/kept until 2033-03-12 \(packetRetentionYears 7\); it was not removed/);
    await supersedePackets(deps, { month: MONTH, payeeId, reason: 'bank line corrected', by: 'admin' });
    const kept = await packetsOf(h.engine.internals.store.reader, MONTH, payeeId);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      sha256: first.sha256,
      superseded_by: 'admin',
      superseded_reason: 'bank line corrected',
    });
  }, 120_000);

  it("prints the month's deposit slips from the store: counted total, over/short and comment", async () => {
    const collections = (await tableRows(h.engine, 'transactions')).filter(
      (t) =>
        Number(t.payee_id) === payeeId &&
        String(t.business_date).startsWith(MONTH) &&
        ['Cash', 'PhysicalCheck'].includes(String(t.payment_method)) &&
        !['Voided', 'Declined', 'Error'].includes(String(t.status)),
    );
    const date = String(collections.find((t) => t.payment_method === 'Cash')!.business_date);
    const ofDay = collections.filter((t) => t.business_date === date);
    const cashCents = ofDay
      .filter((t) => t.payment_method === 'Cash')
      .reduce((sum, t) => sum + Number(t.amount_cents), 0);
    const comment = 'Short a dollar and a quarter';
    const made = await h.engine.call('slips.create', {
      payeeId,
      date,
      cash: { '0.01': cashCents - 125 },
      comment,
      countedBy: 'Lee Park',
    });
    const row = (await tableRows(h.engine, 'deposit_slips')).find((r) => r.id === made.id)!;
    const countedCents = Number(row.counted_cash_cents) + Number(row.counted_checks_cents);
    expect(Number(row.over_short_cents)).toBe(-125);

    state = null;
    const text = pdfPages(
      (
        await printPacket(
          depsOf(h, () => state),
          { month: MONTH, payeeId },
        )
      ).bytes,
    ).join('\n');
    const line = text.split('\n').find((l) => l.includes(made.id) && l.includes('Lee Park'));
    expect(line, text).toMatch(new RegExp(`^\\s*${date}\\s+${made.id}\\s+Lee Park\\s+not verified\\s`));
    const cells = line!.trim().split(/\s{2,}/);
    expect(cells.slice(-3)).toEqual([
      formatMoney(countedCents),
      formatMoney(Number(row.total_cents)),
      formatMoney(Number(row.over_short_cents)),
    ]);
    expect(text).toContain(`${made.id} (over/short ${formatMoney(-125)}): ${comment}`);
    expect(text).not.toContain('No deposit slips recorded.');
  }, 120_000);
});
