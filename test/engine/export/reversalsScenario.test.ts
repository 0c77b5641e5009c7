/**
 * Issue 13, end to end over the real sandbox: refunds after batching, a partial refund followed by an
 * ACH return, an ACH return and a settled void. Every deposit still ties out as batched; the period's
 * reversals total what the service refunded and returned; the journal balances in the workbook and in
 * every ERP layout; a signed-off deposit whose transaction was refunded stays signed off and shows it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/domain';
import { startSyncedHarness, type Harness } from '../sync/harness';
import { parseCsv } from './erpFiles';

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

describe('refunds, returns and settled voids after batching, in the journal of their period', () => {
  let h: Harness;
  let folder: string;
  let signedBatch: string;
  let refunded: Transaction;
  /** What the service had reversed when the first sync ran: its baseline, before District Recon (issue 30 item 6). */
  let baselineCents: number;
  const reversedCents = () =>
    h.sandbox
      .truth()
      .transactions.filter((t) => t.batchId !== null)
      .reduce(
        (sum, t) =>
          sum +
          (t.status === 'Returned' || t.status === 'Voided'
            ? t.amountCents
            : Math.min(t.amountRefundedCents, t.amountCents)),
        0,
      );
  beforeAll(async () => {
    // The first sync only sets the scene: the run's synced store of the default scenario (shared with
    // the slip tests) and a sandbox equal to the one it was synced from.
    ({ h } = await startSyncedHarness());
    folder = mkdtempSync(join(tmpdir(), 'recon-reversals-'));
    baselineCents = reversedCents();
    const settled = (method: string) =>
      h.sandbox
        .truth()
        .transactions.filter(
          (t) =>
            t.batchId !== null && t.status === 'Settled' && t.amountRefundedCents === 0 && t.paymentMethod === method,
        );
    const cc = settled('CC');
    const ach = settled('ACH');
    expect(cc.length).toBeGreaterThan(4);
    expect(ach.length).toBeGreaterThan(2);
    const [partialCc, fullCc, voided] = [cc[0]!, cc.find((t) => t.batchId !== cc[0]!.batchId)!, cc.at(-1)!];
    const [refundThenReturn, returned] = [ach[0]!, ach.at(-1)!];
    refunded = fullCc;
    signedBatch = fullCc.batchId!;
    const signed = await h.engine.call('batches.signOff', { id: signedBatch, note: 'Matches the bank' });
    expect(signed.batch.reviewState).toBe('signed_off');

    h.sandbox.advanceDays(1);
    h.sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: partialCc.id, cents: 123 });
    h.sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: fullCc.id });
    h.sandbox.injectDiscrepancy({ kind: 'void_after_settlement', transactionId: voided.id });
    h.sandbox.injectDiscrepancy({
      kind: 'refund_after_batching',
      transactionId: refundThenReturn.id,
      cents: Math.floor(refundThenReturn.amountCents / 3),
    });
    await h.sync();
    h.sandbox.advanceDays(1);
    // The sandbox's own ACH return event, applied by hand on the day we choose.
    for (const id of [refundThenReturn.id, returned.id]) {
      const record = h.sandbox.state.transactions.find((t) => t.id === id)!;
      record.status = 'Returned';
      record.statusMessage = 'Returned: R01 Insufficient funds';
    }
    await h.sync();
  });
  afterAll(async () => {
    await h.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const range = () => ({ from: '2025-01-01', to: h.sandbox.now().toString().slice(0, 10) });

  it('every deposit still ties out as batched', async () => {
    const differs = await h.engine.call('batches.list', { filter: { verdicts: ['differs'] }, limit: 1000 });
    expect(differs.rows).toEqual([]);
  });

  it('the reversals total what the service refunded, returned and voided after settlement', async () => {
    // The first sync's reversals are before District Recon: what went back since is the period's.
    const expected = reversedCents() - baselineCents;
    const report = await h.engine.call('reconcile.reversals', range());
    expect(expected).toBeGreaterThan(0);
    expect(report.totalCents).toBe(expected);
    for (const r of report.reversals) {
      expect(r.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(r.amountCents);
    }
    // The partial refund then the return: two reversals, together the whole amount, never more.
    const ach = report.reversals.filter((r) => r.paymentMethod === 'ACH' && r.kind === 'refund');
    let refundThenReturn = 0;
    for (const refund of ach) {
      const all = report.reversals.filter((r) => r.transactionId === refund.transactionId);
      if (all.length < 2) continue;
      refundThenReturn += 1;
      expect(all.map((r) => r.kind)).toEqual(['refund', 'return']);
      const txn = h.sandbox.truth().transactions.find((t) => t.id === refund.transactionId)!;
      expect(all.reduce((s, r) => s + r.amountCents, 0)).toBe(txn.amountCents);
    }
    expect(refundThenReturn).toBeGreaterThan(0);
    expect(new Set(report.reversals.map((r) => r.kind))).toEqual(new Set(['refund', 'return', 'void']));
  });

  it('a signed-off deposit whose transaction was refunded stays signed off and shows the refund after it', async () => {
    const detail = await h.engine.call('batches.get', { id: signedBatch });
    expect(detail.batch).toMatchObject({ reviewState: 'signed_off', verdict: 'ties_out' });
    expect(detail.reversals.map((r) => [r.transactionId, r.kind, r.amountCents])).toEqual([
      [refunded.id, 'refund', refunded.amountCents],
    ]);
    expect(detail.reversals[0]!.period).toMatch(/^\d{4}-\d{2}$/);
  });

  it('the GL report lists the first `limit` reversals, and counts and totals all of them', async () => {
    const report = await h.engine.call('reconcile.reversals', range());
    expect(report.count).toBeGreaterThan(2);
    const gl = await h.engine.call('glBatches.list', { ...range(), limit: 2 });
    expect(gl.reversals.map((r) => r.changeId)).toEqual(report.reversals.slice(0, 2).map((r) => r.changeId));
    expect(gl.reversalCount).toBe(report.count);
    expect(gl.reversalTotalCents).toBe(report.totalCents);
  });

  it('the workbook journal balances with the deposits and reversals; je-csv carries the same entries', async () => {
    const report = await h.engine.call('reconcile.reversals', range());
    const gl = await h.engine.call('glBatches.list', { ...range(), limit: 10 });
    const file = join(folder, 'period.xlsx');
    // The sandbox gives some GL rows no account (issue 30 item 2): the bookkeeper chooses where they go.
    for (const school of await h.engine.call('payees.list', {}))
      await h.engine.call('accountMaps.setDefault', { school: school.id, glNumber: '4999' });
    const result = await h.engine.call('export.glBatches', { ...range(), file, layout: 'je-csv' });
    expect(result).toMatchObject({ reversals: report.count, reversalCents: report.totalCents });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const je = workbook.getWorksheet('Journal Entry')!;
    let debit = 0;
    let credit = 0;
    je.eachRow((row, n) => {
      if (n === 1 || row.getCell(1).value === 'Total') return;
      debit += cents(row.getCell(5).value);
      credit += cents(row.getCell(6).value);
    });
    expect(debit).toBe(credit);
    expect(debit).toBe(gl.totalCents + report.totalCents);
    const reversals = workbook.getWorksheet('Reversals')!;
    // Money that went back to a payer, so said: the header names the direction, methods in words.
    expect(reversals.getRow(1).getCell(10).value).toBe('Money out');
    const methods = new Set<unknown>();
    reversals.eachRow((row, n) => {
      if (n > 1 && row.getCell(1).value !== 'Total') methods.add(row.getCell(5).value);
    });
    expect(methods.size).toBeGreaterThan(0);
    for (const method of methods) expect(['Card', 'ACH', 'Cash', 'Check']).toContain(method);
    let total = 0;
    reversals.eachRow((row) => {
      if (row.getCell(1).value === 'Total') total = cents(row.getCell(10).value);
    });
    expect(total).toBe(report.totalCents);

    const csv = parseCsv(readFileSync(result.record.file, 'utf8')).slice(1);
    expect(csv.reduce((s, r) => s + cents(r[3]) - cents(r[4]), 0)).toBe(0);
    expect(csv.filter((r) => r[2]!.startsWith('Refund ')).length).toBeGreaterThan(0);

    // Exported once: the same range again posts nothing and says which export posted it all ...
    await expect(
      h.engine.call('export.glBatches', { ...range(), file: join(folder, 'again.xlsx') }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`already posted by export #${result.record.id}`),
    });
    expect(existsSync(join(folder, 'again.xlsx'))).toBe(false);
    // ... unless the bookkeeper asks to post it again, and is still told by which export.
    const again = await h.engine.call('export.glBatches', {
      ...range(),
      file: join(folder, 'again.xlsx'),
      repost: true,
    });
    expect(again.overlaps.map((o) => o.id)).toContain(result.record.id);
    expect(again.reposted).toBe(true);
    expect(again.reversals).toBe(result.reversals);
    const detail = await h.engine.call('batches.get', { id: signedBatch });
    expect(detail.reversals[0]!.exportId).not.toBeNull();
  });
});
