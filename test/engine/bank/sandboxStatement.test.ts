/**
 * Round trips from the sandbox's own bank statements (issue 15 item 7): the sandbox writes a statement
 * of its batches in each format, a real sync brings the batches, bank.import reads the file, and every
 * line ends as the sandbox designed it: deposits matched to their batches (lumps to several, split
 * settlements by their partial), ACH returns to their transaction, the service charge unmatched until
 * explained.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/contract';
import type { BankLineSummary } from '../../../shared/domain';
import { SANDBOX_CSV_MAPPING, writeSandboxStatement } from '../../../electron/sandbox/bankFormats';
import type { PlannedBankLine } from '../../../electron/sandbox/bankStatement';
import { startHarness, type Harness } from '../sync/harness';

const FORMATS = ['bai2', 'ofx', 'csv'] as const;
// Four payees so each way of paying (plain, split, lumped) appears; 30 days for two month ends.
const SCENARIO = { days: 30, dailyVolume: 60, payees: 4, glAccounts: 8 };

async function allLines(h: Harness): Promise<BankLineSummary[]> {
  const rows: BankLineSummary[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<BankLineSummary> = await h.engine.call('bank.lines', {
      filter: {},
      limit: 500,
      ...(cursor ? { cursor } : {}),
    });
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const HOW = (planned: PlannedBankLine) =>
  planned.batchIds.length > 1 ? 'lumped' : planned.basis === 'partial' ? 'net' : 'exact';

describe.each(FORMATS)('the sandbox statement as %s', (format) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sandbox: { seed: 11, scenario: SCENARIO } });
    // From the first batch, so every batch the statement pays is in the store.
    const summary = await h.sync(h.sandbox.state.batches[0]!.date);
    expect(summary.status).toBe('succeeded');
  }, 60_000);
  afterAll(async () => h?.close());

  it('imports, and every line is matched, unmatched or explained as the sandbox designed', async () => {
    const statement = writeSandboxStatement(h.sandbox.state, format);
    const plan = statement.plan;
    if (format === 'csv') await h.engine.call('bank.mappings.save', { mapping: { ...SANDBOX_CSV_MAPPING } });
    const summary = await h.engine.call('bank.import', {
      fileName: statement.fileName,
      content: statement.content,
      ...(format === 'csv' ? { mappingName: SANDBOX_CSV_MAPPING.name } : {}),
    });
    const deposits = plan.lines.filter((l) => l.kind === 'deposit');
    const fees = plan.lines.filter((l) => l.kind === 'service_charge');
    const returns = plan.lines.filter((l) => l.kind === 'ach_return');
    expect(summary).toMatchObject({ linesInFile: plan.lines.length, newLines: plan.lines.length });
    // Equal round amounts (two $40.00 check deposits in one window) are suggested, not guessed.
    expect(summary.matched + summary.suggested).toBe(deposits.length + returns.length);
    expect(summary.suggested).toBeLessThan(deposits.length / 10);
    expect(summary.unmatched).toBe(fees.length);
    // What the scenario must exercise for the round trip to mean anything.
    expect(deposits.some((l) => l.batchIds.length >= 3)).toBe(true);
    expect(deposits.some((l) => l.basis === 'partial')).toBe(true);
    expect(fees.length).toBeGreaterThan(0);

    const lines = await allLines(h);
    const byRef = new Map(lines.map((l) => [l.bankReference, l]));
    for (const planned of plan.lines) {
      const line = byRef.get(planned.bankReference);
      expect(line, planned.bankReference).toBeDefined();
      expect(line!.amountCents).toBe(planned.amountCents);
      expect(line!.postedDate).toBe(planned.postedDate);
      if (planned.kind === 'deposit' && line!.status === 'suggested') {
        // Only plain single deposits of an amount another batch in the window shares.
        expect(HOW(planned)).toBe('exact');
        expect(line!.suggestions.map((c) => c.batchIds)).toContainEqual(planned.batchIds);
      } else if (planned.kind === 'deposit') {
        expect(line!.match, planned.text).toMatchObject({ how: HOW(planned), batchIds: planned.batchIds });
      } else if (planned.kind === 'ach_return') {
        expect(line!.match).toMatchObject({ how: 'return', transactionId: planned.transactionId });
      } else {
        expect(line!.status).toBe('unmatched');
      }
    }

    // The service charge: explained, then settled; undone with a reason, unmatched again.
    const fee = byRef.get(fees[0]!.bankReference)!;
    const explanation = await h.engine.call('bank.explain', {
      lineId: fee.id,
      kind: 'other',
      note: 'Bank account analysis charge',
    });
    expect((await h.engine.call('bank.line', { id: fee.id })).line.status).toBe('explained');
    await h.engine.call('bank.unexplain', { id: explanation.id, reason: 'Posted to the wrong month' });
    expect((await h.engine.call('bank.line', { id: fee.id })).line.status).toBe('unmatched');

    // The same file again adds nothing.
    const again = await h.engine.call('bank.import', {
      fileName: statement.fileName,
      content: statement.content,
      ...(format === 'csv' ? { mappingName: SANDBOX_CSV_MAPPING.name } : {}),
    });
    expect(again).toMatchObject({ alreadyImported: true, newLines: 0 });
  }, 60_000);
});

describe('the sandbox statement', () => {
  it('is the same for the same seed, and posts deposits 1 to 5 business days late and out of order', async () => {
    const h = await startHarness({ sandbox: { seed: 11, scenario: SCENARIO } });
    try {
      const a = writeSandboxStatement(h.sandbox.state, 'bai2');
      expect(writeSandboxStatement(h.sandbox.state, 'bai2').content).toBe(a.content);
      const batchDate = new Map(h.sandbox.state.batches.map((b) => [b.id, b.date]));
      const order = a.plan.lines.filter((l) => l.kind === 'deposit').map((l) => batchDate.get(l.batchIds[0]!)!);
      // Out of order: some deposit posts before one of an earlier batch date.
      expect(order.some((date, i) => i > 0 && date < order[i - 1]!)).toBe(true);
      for (const line of a.plan.lines.filter((l) => l.kind === 'deposit')) {
        for (const id of line.batchIds) expect(batchDate.get(id)! < line.postedDate).toBe(true);
      }
    } finally {
      await h.close();
    }
  }, 60_000);
});
