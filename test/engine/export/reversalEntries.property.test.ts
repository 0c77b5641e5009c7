/**
 * Every layout's entries balance including reversals: reversals allocated by allocateReversal, turned
 * into journal entries as the export does (reversalJournalEntry), merged with deposits by date
 * (erpEntries), pass each layout's validator and balance to the cent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reversal } from '../../../shared/domain';
import { allocateReversal } from '../../../electron/engine/reconcile/allocateReversal';
import { entryProblem, validateErpEntries, type ErpEntry } from '../../../electron/engine/export/erp';
import { erpEntries, reversalJournalEntry } from '../../../electron/engine/export/reversalEntries';
import { line, QUICKBOOKS_NAMES } from './erpFiles';

const REVENUE = ['4100-100', '4200-300', '4300-000'];
const OPTIONS = {
  ascender: { receiptStart: 1, contraObject: '', contraSubObject: '' },
  escape: { orgId: '12', jeType: 'CashRec' as const, deptId: '' },
  iif: { accountNames: QUICKBOOKS_NAMES },
};

const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);

/** A reversal as reconcile/reversals.ts builds one: a posted transaction, an amount, its allocation. */
const reversal = fc
  .record({
    items: fc.array(fc.record({ account: fc.constantFrom(...REVENUE), cents: fc.integer({ min: 1, max: 50_000 }) }), {
      maxLength: 4,
    }),
    fee: fc.integer({ min: 0, max: 500 }),
    extra: fc.integer({ min: 0, max: 5_000 }),
    share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    date: day,
    kind: fc.constantFrom('refund' as const, 'return' as const, 'void' as const),
    id: fc.integer({ min: 1, max: 1_000_000 }),
  })
  .map(({ items, fee, extra, share, date, kind, id }): Reversal => {
    const amount = items.reduce((s, i) => s + i.cents, 0) + fee + extra + 100;
    const wanted = Math.max(1, Math.floor(amount * share));
    const allocation = allocateReversal(
      {
        amountCents: amount,
        convenienceFeeCents: fee,
        taxCents: 0,
        shippingCents: 0,
        glAccount: REVENUE[0]!,
        items: items.map((i) => ({ glAccount: i.account, amountCents: i.cents })),
        partAccounts: { fee: '4900-000' },
      },
      { reversalCents: wanted, alreadyReversedCents: 0 },
    );
    if (!allocation.ok) throw new Error(allocation.message);
    return {
      changeId: id,
      transactionId: id + 7,
      kind,
      date,
      period: date.slice(0, 7),
      seenAt: `${date}T18:00:00.000Z`,
      amountCents: allocation.reversedCents,
      payeeId: 1,
      payeeName: 'Lincoln High, "Athletics" =1',
      paymentMethod: 'CC',
      batchId: '730001',
      batchDate: '2026-03-01',
      lines: allocation.lines.map((l) => ({
        glNumber: l.glAccount,
        glLabel: null,
        amountCents: l.amountCents,
        part: l.part,
        fallback: l.fallback,
      })),
      exportId: null,
    };
  });

const deposit = fc
  .record({ date: day, lines: fc.array(fc.integer({ min: 1, max: 900_000 }), { minLength: 1, maxLength: 3 }) })
  .map(({ date, lines }): ErpEntry => {
    const revenue = lines.map((c, i) => line(REVENUE[i % REVENUE.length]!, c, 'Sales', '730001'));
    const total = lines.reduce((s, c) => s + c, 0);
    return {
      kind: 'deposit',
      date,
      reference: '730001',
      description: 'Deposit 730001',
      lines: [line('1010', -total, 'Deposit 730001', '730001', true), ...revenue],
    };
  });

describe('reversal entries', () => {
  it('balance to the cent, debit revenue and credit the clearing account for the reversal', () => {
    fc.assert(
      fc.property(reversal, (r) => {
        const entry = reversalJournalEntry(r, '1010');
        expect(entryProblem(entry)).toBeNull();
        const clearing = entry.lines.filter((l) => l.clearing);
        expect(clearing).toHaveLength(1);
        expect(clearing[0]).toMatchObject({ account: '1010', creditCents: r.amountCents, debitCents: 0 });
        expect(entry.lines.filter((l) => !l.clearing).reduce((s, l) => s + l.debitCents, 0)).toBe(r.amountCents);
      }),
    );
  });

  it('with deposits, by date, pass every layout validator and every entry balances', () => {
    fc.assert(
      fc.property(
        fc.array(deposit, { maxLength: 5 }).map((d) => [...d].sort((a, b) => a.date.localeCompare(b.date))),
        fc
          .array(reversal, { minLength: 1, maxLength: 5 })
          .map((r) => [...r].sort((a, b) => a.date.localeCompare(b.date))),
        (deposits, reversals) => {
          const entries = [...erpEntries(deposits, (d) => d, reversals, '1010')];
          expect(entries.map((e) => e.date)).toEqual([...entries.map((e) => e.date)].sort());
          expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(reversals.length);
          for (const e of entries) expect(entryProblem(e)).toBeNull();
          for (const layout of ['je-csv', 'ascender', 'escape', 'iif'] as const) {
            const names = { ...OPTIONS.iif.accountNames, '4900-000': 'Revenue:Fees', '1010': 'Undeposited Funds' };
            const summary = validateErpEntries(layout, entries, { ...OPTIONS, iif: { accountNames: names } });
            expect(summary).toMatchObject({ deposits: deposits.length, reversals: reversals.length });
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
