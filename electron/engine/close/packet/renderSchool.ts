/**
 * A school's month packet rendered from its content (types.ts) with pdfkit: cover, bank
 * reconciliation, deposit log, receipts by account, reversals, cash and check slips, exceptions and
 * the audit trail. Nothing here reads the store or the clock: the bytes depend on the content alone.
 */
import { documentBytes, packetDocument, PacketPages, stampPages, type Column } from './pdfLayout';
import type { DepositLine, ExceptionLine, SchoolPacketContent, SlipLine, TrailLine } from './types';
import { centralTime, money, monthLabel, personLine, STATE_WORDS } from './words';

/** A draft's PDF dates: fixed, so a draft too is a pure function of its content. */
export const DRAFT_PDF_DATE = new Date(Date.UTC(2000, 0, 1));

const right = 'right' as const;

export async function renderSchoolPacket(content: SchoolPacketContent, sha256: string): Promise<Uint8Array> {
  const month = monthLabel(content.month);
  const doc = packetDocument({
    title: `Auditor's packet: ${content.school.name}, ${month}`,
    subject: `${content.district}: month reconciliation`,
    fixedDate: content.closedAt ? new Date(content.closedAt) : DRAFT_PDF_DATE,
  });
  const pages = new PacketPages(doc);
  cover(pages, content, month, sha256);
  pages.newPage();
  reconciliation(pages, content);
  pages.newPage();
  pages.heading('Deposit log');
  pages.table(DEPOSIT_COLUMNS, content.deposits, 'No deposits this month.');
  pages.heading('Receipts by Chart of Accounts');
  pages.table(
    [
      { header: 'Account', width: 0.16, cell: (a) => a.account },
      { header: 'Label', width: 0.4, cell: (a) => a.label },
      { header: 'Count', width: 0.1, align: right, cell: (a) => String(a.count) },
      { header: 'Amount', width: 0.17, align: right, cell: (a) => money(a.amountCents) },
      { header: 'Net of fees', width: 0.17, align: right, cell: (a) => money(a.netCents) },
    ],
    content.accounts,
    'No receipts this month.',
  );
  pages.heading('Reversals (refunds, returns, voids after settlement)');
  pages.table(
    [
      { header: 'Date', width: 0.16, cell: (r) => r.date },
      { header: 'Transaction', width: 0.18, cell: (r) => String(r.transactionId) },
      { header: 'Kind', width: 0.16, cell: (r) => r.kind },
      { header: 'Deposit', width: 0.25, cell: (r) => r.batchId },
      { header: 'Amount', width: 0.25, align: right, cell: (r) => money(r.amountCents) },
    ],
    content.reversals,
    'No reversals this month.',
  );
  pages.lines([[`Reversals total (${content.reversals.length})`, money(content.reversalsCents), true]]);
  pages.heading('Cash and check deposit slips');
  pages.table(SLIP_COLUMNS, content.slips, 'No deposit slips recorded.');
  // In full, not in a one-line cell: the comment is the counter's reason for an over or short.
  for (const slip of content.slips)
    if (slip.comment) pages.paragraph(`${slip.slip} (over/short ${money(slip.overShortCents)}): ${slip.comment}`);
  pages.heading('Exceptions');
  pages.table(EXCEPTION_COLUMNS, content.exceptions, 'No exceptions.');
  pages.heading("The month's audit trail");
  pages.table(TRAIL_COLUMNS, content.trail, 'Nothing recorded.');
  stampPages(doc, {
    header: `${content.district} | ${content.school.name} | ${month} | ${content.draft ? 'DRAFT: the month is not closed' : 'Closed'}`,
    sha256,
    draft: content.draft,
  });
  return documentBytes(doc);
}

function cover(pages: PacketPages, c: SchoolPacketContent, month: string, sha256: string): void {
  pages.doc.moveDown(2);
  pages.title("Auditor's packet");
  pages.paragraph(c.district, { bold: true, size: 14 });
  pages.paragraph(`${c.school.name} (payee ${c.school.id})`, { size: 13 });
  pages.paragraph(month, { size: 13 });
  pages.doc.moveDown(1);
  pages.lines([
    ['State', STATE_WORDS[c.state], true],
    ['Prepared by', personLine(c.preparer, 'not submitted')],
    ['Approved by', personLine(c.approver, 'not approved')],
  ]);
  if (c.selfApproved) pages.paragraph('Self-approved: one person prepared and closed this month.', { bold: true });
  if (c.draft) pages.paragraph('DRAFT: the month is not closed; figures can still change.', { bold: true });
  pages.doc.moveDown(1);
  const r = c.reconciliation;
  pages.lines([
    [`Deposits per the service (${r.depositCount})`, money(r.depositsCents)],
    ['Bank credits matched by month end', money(r.bankCreditsCents)],
    [`In transit at month end (${r.inTransit.length})`, money(r.inTransitCents)],
    [`Reversals (${c.reversals.length})`, money(c.reversalsCents)],
    ['Reconciliation difference', money(r.differenceCents), true],
    ['Exceptions', String(c.exceptions.length)],
  ]);
  pages.doc.moveDown(1);
  pages.paragraph(`Content SHA-256: ${sha256}`, { size: 8.5 });
  pages.paragraph("The hash is of the packet's content as stored; printed again from the same store it is the same.", {
    size: 8.5,
  });
}

function reconciliation(pages: PacketPages, c: SchoolPacketContent): void {
  const r = c.reconciliation;
  pages.heading('Bank reconciliation');
  pages.lines([
    [`Deposits per the service (${r.depositCount})`, money(r.depositsCents)],
    ['Less fees withheld by the processor (split settlements)', money(-r.feesWithheldCents)],
    [`Less in transit at month end (${r.inTransit.length})`, money(-r.inTransitCents)],
    ['Less deposits explained (not credited by the bank)', money(-r.explainedDepositsCents)],
    ['Bank credits expected by month end', money(r.expectedCreditsCents), true],
    [`Bank credits matched (${r.credits.length} lines)`, money(r.bankCreditsCents), true],
    ['Difference', money(r.differenceCents), true],
  ]);
  if (r.differenceCents === 0) pages.paragraph('The difference is zero.');
  for (const cause of r.differenceNamed) pages.paragraph(`Difference: ${cause}`);
  pages.heading('Bank credits matched');
  pages.table(
    [
      { header: 'Posted', width: 0.14, cell: (l) => l.postedDate },
      { header: 'Bank reference', width: 0.22, cell: (l) => l.reference },
      { header: 'How', width: 0.1, cell: (l) => l.how },
      { header: 'Deposits', width: 0.36, cell: (l) => l.batchIds.join(', ') },
      { header: 'Amount', width: 0.18, align: right, cell: (l) => money(l.amountCents) },
    ],
    r.credits,
    'No bank credits matched.',
  );
  pages.heading('In transit at month end');
  pages.table(
    [
      { header: 'Date', width: 0.16, cell: (l) => l.date },
      { header: 'Deposit', width: 0.24, cell: (l) => l.batchId },
      { header: 'Method', width: 0.16, cell: (l) => l.method },
      { header: 'Amount', width: 0.2, align: right, cell: (l) => money(l.amountCents) },
      { header: 'Bank date', width: 0.24, cell: (l) => l.laterBankDate ?? 'not credited yet' },
    ],
    r.inTransit,
    'Nothing in transit.',
  );
  pages.heading('Explained bank lines and deposits, by kind');
  pages.table(
    [
      { header: 'Kind', width: 0.5, cell: (k) => k.kind },
      { header: 'Count', width: 0.2, align: right, cell: (k) => String(k.count) },
      { header: 'Amount', width: 0.3, align: right, cell: (k) => money(k.amountCents) },
    ],
    r.explainedByKind,
    'Nothing explained.',
  );
  pages.table(
    [
      { header: 'Date', width: 0.13, cell: (e) => e.date },
      { header: 'What', width: 0.22, cell: (e) => e.subject },
      { header: 'Kind', width: 0.12, cell: (e) => e.kind },
      { header: 'Note', width: 0.25, cell: (e) => e.note },
      { header: 'By', width: 0.12, cell: (e) => e.by },
      { header: 'Amount', width: 0.16, align: right, cell: (e) => money(e.amountCents) },
    ],
    r.explained,
    '',
  );
}

const DEPOSIT_COLUMNS: Column<DepositLine>[] = [
  { header: 'Date', width: 0.1, cell: (d) => d.date },
  { header: 'Deposit', width: 0.11, cell: (d) => d.batchId },
  { header: 'Method', width: 0.1, cell: (d) => d.method },
  { header: 'Count', width: 0.06, align: right, cell: (d) => String(d.count) },
  { header: 'Total', width: 0.12, align: right, cell: (d) => money(d.totalCents) },
  { header: 'Fees', width: 0.09, align: right, cell: (d) => money(d.feesCents) },
  { header: 'Net', width: 0.12, align: right, cell: (d) => money(d.netCents) },
  { header: 'Tie-out', width: 0.11, cell: (d) => d.tieOut },
  {
    header: 'Signed off',
    width: 0.19,
    cell: (d) => (d.signedOffBy ? `${d.signedOffBy} ${d.signedOffAt!.slice(0, 10)}` : 'not signed off'),
  },
];

const SLIP_COLUMNS: Column<SlipLine>[] = [
  { header: 'Date', width: 0.1, cell: (s) => s.date },
  { header: 'Slip', width: 0.2, cell: (s) => s.slip },
  { header: 'Counted by', width: 0.12, cell: (s) => s.countedBy },
  { header: 'Verified by', width: 0.12, cell: (s) => s.verifiedBy ?? 'not verified' },
  { header: 'Cash', width: 0.08, align: right, cell: (s) => money(s.cashCents) },
  { header: 'Checks', width: 0.1, align: right, cell: (s) => `${money(s.checkCents)} (${s.checkCount})` },
  { header: 'Counted', width: 0.09, align: right, cell: (s) => money(s.countedCents) },
  { header: 'Expected', width: 0.09, align: right, cell: (s) => money(s.expectedCents) },
  { header: 'Over/short', width: 0.1, align: right, cell: (s) => money(s.overShortCents) },
];

const EXCEPTION_COLUMNS: Column<ExceptionLine>[] = [
  { header: 'Date', width: 0.11, cell: (e) => e.date },
  { header: 'Kind', width: 0.19, cell: (e) => e.kind },
  { header: 'What', width: 0.2, cell: (e) => e.subject },
  { header: 'Detail', width: 0.5, cell: (e) => e.detail },
];

const TRAIL_COLUMNS: Column<TrailLine>[] = [
  { header: 'When', width: 0.2, cell: (t) => centralTime(t.at) },
  { header: 'Who', width: 0.15, cell: (t) => t.who },
  { header: 'What', width: 0.65, cell: (t) => t.what },
];
