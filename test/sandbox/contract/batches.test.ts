/** The sandbox's contract, one row per spec rule. Deposits and their GL rows: GET /batches and GET /gl-batches. */
import { expect } from 'vitest';
import { MONEY, DATE } from './rows';
import { contractRules, ids, sandbox, useContractSandbox } from './setup';

useContractSandbox();

contractRules('GET /batches', [
  {
    rule: 'Batch: id a string, date YYYY-MM-DD, amounts decimal strings',
    path: '/batches?limit=100',
    status: 200,
    check: (r) => {
      for (const b of r.json.objects) {
        expect(typeof b.id).toBe('string');
        expect(b.date).toMatch(DATE);
        for (const f of ['total_amount', 'fees_amount', 'partial_amount']) expect(b[f]).toMatch(MONEY);
        expect(Number.isInteger(b.total_count)).toBe(true);
      }
    },
  },
  {
    rule: 'partial_amount = total_amount - fees_amount',
    path: '/batches?limit=100',
    status: 200,
    check: (r) => {
      for (const b of r.json.objects)
        expect(Math.round(Number(b.total_amount) * 100) - Math.round(Number(b.fees_amount) * 100)).toBe(
          Math.round(Number(b.partial_amount) * 100),
        );
    },
  },
  {
    rule: 'after returns batches dated after the date',
    path: '/batches?after=2026-03-05&limit=100',
    status: 200,
    check: (r) => {
      expect(r.json.objects.length).toBeGreaterThan(0);
      for (const b of r.json.objects) expect(b.date > '2026-03-05').toBe(true);
    },
  },
  {
    rule: 'after also takes a %Y-%m-%d %H:%M:%S date-time',
    path: '/batches?after=2026-03-05%2000:00:00&limit=100',
    status: 200,
    check: (r) => {
      for (const b of r.json.objects) expect(b.date > '2026-03-05').toBe(true);
    },
  },
  {
    rule: 'open batches (today) are excluded',
    path: '/batches?after=2026-03-09&limit=100',
    status: 200,
    check: (r) => expect(r.json.objects).toEqual([]),
  },
  {
    rule: 'payees filters batches; an unknown payee -> INVALID_PAYEE',
    path: '/batches?payees=999',
    status: 400,
    error: 'INVALID_PAYEE',
  },
  {
    rule: 'payment_method filters batches',
    path: '/batches?payment_method=ACH&limit=100',
    status: 200,
    check: (r) => {
      expect(r.json.objects.length).toBeGreaterThan(0);
      for (const b of r.json.objects) expect(b.payment_method).toBe('ACH');
    },
  },
]);

contractRules('GET /gl-batches', [
  {
    rule: 'GLBatch: batch_id an int, gl_batch_identifier a string, amounts decimal strings',
    path: '/gl-batches?limit=50',
    status: 200,
    check: (r) => {
      for (const g of r.json.objects) {
        expect(Number.isInteger(g.batch_id)).toBe(true);
        expect(typeof g.gl_batch_identifier).toBe('string');
        expect(g.amount).toMatch(/^-?\d+\.\d{2}$/);
        expect(g.amount_without_fees).toMatch(/^-?\d+\.\d{2}$/);
        expect(g.date).toMatch(DATE);
      }
    },
  },
  {
    rule: 'a GL-batches page holds more objects than limit (fee/tax/shipping rows)',
    path: '/gl-batches?limit=10',
    status: 200,
    check: (r) => {
      expect(r.json.limit).toBe(10);
      expect(r.json.objects.length).toBeGreaterThan(10);
    },
  },
  {
    rule: 'start_date is exclusive ("after"), end_date inclusive ("before or on")',
    path: '/gl-batches?start_date=2026-03-01&end_date=2026-03-03&limit=100',
    status: 200,
    check: (r) => {
      const dates = new Set(r.json.objects.map((g: { date: string }) => g.date));
      expect([...dates].sort()).toEqual(['2026-03-02', '2026-03-03']);
    },
  },
  {
    rule: 'payment_methods filters GL rows',
    path: '/gl-batches?payment_methods=Cash&limit=100',
    status: 200,
    check: (r) => {
      const cash = new Set(
        sandbox()
          .truth()
          .batches.filter((b) => b.paymentMethod === 'Cash')
          .map((b) => Number(b.id)),
      );
      for (const g of r.json.objects) expect(cash.has(g.batch_id)).toBe(true);
    },
  },
  {
    rule: 'payees filters GL rows',
    path: () => `/gl-batches?payees=${ids.payee}&limit=100`,
    status: 200,
    check: (r) => {
      for (const g of r.json.objects) expect(g.payee_id).toBe(ids.payee);
    },
  },
  {
    rule: 'a start_date that is not YYYY-MM-DD -> INVALID_FIELD',
    path: '/gl-batches?start_date=03/01/2026',
    status: 400,
    error: 'INVALID_FIELD',
  },
]);
