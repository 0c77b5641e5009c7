/**
 * A deposit slip as one PDF page (pdfkit, its built-in Helvetica: no font files, and the same bytes
 * every time for a slip as stored, since the document's dates and file id come from the slip's own
 * counted-at instant, never the clock).
 */
import { createHash } from 'node:crypto';
import { newPdfDocument } from '../pdfDocument';
import { DENOMINATIONS, type DepositSlip } from '../../../shared/contract';
import { formatMoney, parseCents } from '../../../shared/money';
import { centralTime } from './carryOut';

const LEFT = 50;
const RIGHT = 562;

export async function slipPdf(slip: DepositSlip): Promise<{ fileName: string; bytes: Buffer; sha256: string }> {
  const at = new Date(slip.countedAt);
  const doc = newPdfDocument({
    size: 'LETTER',
    margin: 50,
    compress: false,
    info: { Title: `Deposit slip ${slip.id}`, Author: 'District Recon', CreationDate: at, ModDate: at },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text('Deposit slip', LEFT, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(`${slip.payeeName ?? `Payee ${slip.payeeId}`} · business day ${slip.date} (Central) · ${slip.id}`);
  doc.moveDown();

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, LEFT, y, { width: 330 });
    doc.text(value, 380, y, { width: RIGHT - 380, align: 'right' });
  };
  const heading = (text: string) => {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(text, LEFT).fontSize(10).font('Helvetica');
  };

  heading('Cash, counted');
  const counted = DENOMINATIONS.filter((d) => slip.cash[d]);
  if (counted.length === 0) row('No cash', formatMoney(0));
  for (const d of counted) {
    const pieces = slip.cash[d]!;
    row(`${pieces} × $${d}`, formatMoney(parseCents(d) * pieces));
  }
  row('Cash counted', formatMoney(slip.countedCashCents), true);

  heading(`Checks (${slip.items.filter((i) => i.method !== 'Cash').length})`);
  for (const item of slip.items.filter((i) => i.method !== 'Cash'))
    row(
      `Check ${item.checkNumber ?? '(no number)'} · ${item.payerName ?? '—'} · transaction ${item.transactionId}`,
      formatMoney(item.amountCents),
    );
  row('Checks counted', formatMoney(slip.countedChecksCents), true);

  heading('Against the collections recorded');
  row(
    `Cash recorded (${slip.items.filter((i) => i.method === 'Cash').length} collections)`,
    formatMoney(slip.recordedCashCents),
  );
  row('Checks recorded', formatMoney(slip.recordedChecksCents));
  row('Slip total (the deposit the bank should credit)', formatMoney(slip.totalCents), true);
  row(
    slip.overShortCents === 0 ? 'Over/short' : slip.overShortCents > 0 ? 'Over' : 'Short',
    formatMoney(slip.overShortCents),
    slip.overShortCents !== 0,
  );
  if (slip.comment) doc.text(`Comment: ${slip.comment}`, LEFT);

  heading('Counted and verified');
  doc.text(`Counted by ${slip.countedBy}, ${centralTime(slip.countedAt)}`, LEFT);
  if (!slip.verifiedBy) doc.font('Helvetica-Bold').text('Not verified yet.', LEFT).font('Helvetica');
  else if (slip.onePerson)
    doc.text(
      `Verified by ${slip.verifiedBy}, ${centralTime(slip.verifiedAt!)}: single-user, counted and verified by one person.`,
      LEFT,
    );
  else doc.text(`Verified by ${slip.verifiedBy}, ${centralTime(slip.verifiedAt!)}`, LEFT);
  doc.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  return { fileName: `${slip.id}.pdf`, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
