/**
 * The sandbox's contract, one row per spec rule (rows and runner in ./rows.ts and ./setup.ts).
 * Deposits and their GL rows: GET /batches and GET /gl-batches.
 */
import { expect } from 'vitest';
import { reads, refusedRead, MONEY, DATE } from './rows';
import { contractRules, ids, sandbox, useContractSandbox } from './setup';

useContractSandbox();

contractRules('GET /batches', [
  reads('Batch: id a string, date YYYY-MM-DD, amounts decimal strings', '/batches?limit=100', (r) => {
    for (const b of r.json.objects) {
      expect(typeof b.id).toBe('string');
      expect(b.date).toMatch(DATE);
      for (const f of ['total_amount', 'fees_amount', 'partial_amount']) expect(b[f]).toMatch(MONEY);
      expect(Number.isInteger(b.total_count)).toBe(true);
    }
  }),
  reads('partial_amount = total_amount - fees_amount', '/batches?limit=100', (r) => {
    for (const b of r.json.objects)
      expect(Math.round(Number(b.total_amount) * 100) - Math.round(Number(b.fees_amount) * 100)).toBe(
        Math.round(Number(b.partial_amount) * 100),
      );
  }),
  reads('after returns batches dated after the date', '/batches?after=2026-03-05&limit=100', (r) => {
    expect(r.json.objects.length).toBeGreaterThan(0);
    for (const b of r.json.objects) expect(b.date > '2026-03-05').toBe(true);
  }),
  reads('after also takes a %Y-%m-%d %H:%M:%S date-time', '/batches?after=2026-03-05%2000:00:00&limit=100', (r) => {
    for (const b of r.json.objects) expect(b.date > '2026-03-05').toBe(true);
  }),
  reads('open batches (today) are excluded', '/batches?after=2026-03-09&limit=100', (r) =>
    expect(r.json.objects).toEqual([]),
  ),
  refusedRead('payees filters batches; an unknown payee -> INVALID_PAYEE', '/batches?payees=999', 'INVALID_PAYEE'),
  reads('payment_method filters batches', '/batches?payment_method=ACH&limit=100', (r) => {
    expect(r.json.objects.length).toBeGreaterThan(0);
    for (const b of r.json.objects) expect(b.payment_method).toBe('ACH');
  }),
]);

contractRules('GET /gl-batches', [
  reads(
    'GLBatch: batch_id an int, gl_batch_identifier a string, amounts decimal strings',
    '/gl-batches?limit=50',
    (r) => {
      for (const g of r.json.objects) {
        expect(Number.isInteger(g.batch_id)).toBe(true);
        expect(typeof g.gl_batch_identifier).toBe('string');
        expect(g.amount).toMatch(/^-?\d+\.\d{2}$/);
        expect(g.amount_without_fees).toMatch(/^-?\d+\.\d{2}$/);
        expect(g.date).toMatch(DATE);
      }
    },
  ),
  reads('a GL-batches page holds more objects than limit (fee/tax/shipping rows)', '/gl-batches?limit=10', (r) => {
    expect(r.json.limit).toBe(10);
    expect(r.json.objects.length).toBeGreaterThan(10);
  }),
  reads(
    'start_date is exclusive ("after"), end_date inclusive ("before or on")',
    '/gl-batches?start_date=2026-03-01&end_date=2026-03-03&limit=100',
    (r) => {
      const dates = new Set(r.json.objects.map((g: { date: string }) => g.date));
      expect([...dates].sort()).toEqual(['2026-03-02', '2026-03-03']);
    },
  ),
  reads('payment_methods filters GL rows', '/gl-batches?payment_methods=Cash&limit=100', (r) => {
    const cash = new Set(
      sandbox()
        .truth()
        .batches.filter((b) => b.paymentMethod === 'Cash')
        .map((b) => Number(b.id)),
    );
    for (const g of r.json.objects) expect(cash.has(g.batch_id)).toBe(true);
  }),
  reads(
    'payees filters GL rows',
    () => `/gl-batches?payees=${ids.payee}&limit=100`,
    (r) => {
      for (const g of r.json.objects) expect(g.payee_id).toBe(ids.payee);
    },
  ),
  refusedRead('a start_date that is not YYYY-MM-DD -> INVALID_FIELD', '/gl-batches?start_date=03/01/2026'),
]);
