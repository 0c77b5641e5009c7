/**
 * The district packet (issue 29 item 4): one cover and summary page over the schools' packets, each
 * school's figures and the SHA-256 of its own packet, so an auditor can tie every school's packet to
 * the district's. Draft while any school's month is not closed.
 */
import { contentSha256 } from './hash';
import { documentBytes, packetDocument, PacketPages } from './pdfLayout';
import { stampPages } from './pdfLayout';
import { DRAFT_PDF_DATE } from './renderSchool';
import type { DistrictPacketContent, DistrictSchoolLine, SchoolPacketContent } from './types';
import { money, monthLabel, STATE_WORDS } from './words';

/** What the district packet keeps of a school's packet: its line, and its close (null: not closed). */
export interface DistrictSchool {
  line: DistrictSchoolLine;
  closedAt: string | null;
  /** The district's name the school's packet prints (for a closed month, the one it was closed under). */
  district: string;
}

export function districtSchool(s: SchoolPacketContent): DistrictSchool {
  return {
    line: {
      school: s.school.name,
      payeeId: s.school.id,
      state: s.state,
      depositsCents: s.reconciliation.depositsCents,
      bankCreditsCents: s.reconciliation.bankCreditsCents,
      inTransitCents: s.reconciliation.inTransitCents,
      differenceCents: s.reconciliation.differenceCents,
      reversalsCents: s.reversalsCents,
      exceptions: s.exceptions.length,
      sha256: contentSha256(s),
    },
    closedAt: s.closedAt,
    district: s.district,
  };
}

/**
 * `current`: the district's name in Settings now, printed while any school is open. Once every school
 * is closed the packet is final and prints the name the last school was closed under, so a rename
 * after the month's close does not change it.
 */
export function districtContent(current: string, month: string, schools: readonly DistrictSchool[]) {
  const lines = schools.map((s) => s.line);
  const sum = (pick: (l: DistrictSchoolLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const allClosed = schools.length > 0 && schools.every((s) => s.closedAt !== null);
  // The last school's close: the district packet is complete from then on.
  const lastClosed = allClosed
    ? schools.reduce((last, s) => ((s.closedAt as string) > (last.closedAt as string) ? s : last))
    : null;
  const content: DistrictPacketContent = {
    kind: 'district',
    district: lastClosed?.district ?? current,
    month,
    draft: !allClosed,
    closedAt: lastClosed?.closedAt ?? null,
    schools: lines,
    totals: {
      depositsCents: sum((l) => l.depositsCents),
      bankCreditsCents: sum((l) => l.bankCreditsCents),
      inTransitCents: sum((l) => l.inTransitCents),
      differenceCents: sum((l) => l.differenceCents),
      reversalsCents: sum((l) => l.reversalsCents),
      exceptions: sum((l) => l.exceptions),
    },
  };
  return content;
}

export async function renderDistrictPacket(content: DistrictPacketContent, sha256: string): Promise<Uint8Array> {
  const month = monthLabel(content.month);
  const doc = packetDocument({
    title: `District packet: ${content.district}, ${month}`,
    subject: `${content.district}: every school's month`,
    fixedDate: content.closedAt ? new Date(content.closedAt) : DRAFT_PDF_DATE,
  });
  const pages = new PacketPages(doc);
  pages.title('District packet');
  pages.paragraph(content.district, { bold: true, size: 14 });
  pages.paragraph(month, { size: 13 });
  const closed = content.schools.filter((s) => s.state === 'closed').length;
  pages.paragraph(`${closed} of ${content.schools.length} schools closed.`);
  if (content.draft) pages.paragraph('DRAFT: not every school has closed the month.', { bold: true });
  pages.lines([
    ['Deposits per the service', money(content.totals.depositsCents)],
    ['Bank credits matched by month end', money(content.totals.bankCreditsCents)],
    ['In transit at month end', money(content.totals.inTransitCents)],
    ['Reversals', money(content.totals.reversalsCents)],
    ['Reconciliation difference', money(content.totals.differenceCents), true],
    ['Exceptions', String(content.totals.exceptions)],
  ]);
  pages.heading('Schools');
  pages.table(
    [
      { header: 'School', width: 0.2, cell: (s) => s.school },
      { header: 'State', width: 0.11, cell: (s) => STATE_WORDS[s.state].split(' ')[0]! },
      { header: 'Deposits', width: 0.13, align: 'right', cell: (s) => money(s.depositsCents) },
      { header: 'Bank credits', width: 0.13, align: 'right', cell: (s) => money(s.bankCreditsCents) },
      { header: 'In transit', width: 0.12, align: 'right', cell: (s) => money(s.inTransitCents) },
      { header: 'Difference', width: 0.1, align: 'right', cell: (s) => money(s.differenceCents) },
      { header: 'Exc.', width: 0.06, align: 'right', cell: (s) => String(s.exceptions) },
      { header: 'Packet SHA-256', width: 0.15, cell: (s) => s.sha256.slice(0, 16) },
    ],
    content.schools,
    'No schools.',
  );
  stampPages(doc, {
    header: `${content.district} | District packet | ${month}${content.draft ? ' | DRAFT' : ''}`,
    sha256,
    draft: content.draft,
  });
  return documentBytes(doc);
}
