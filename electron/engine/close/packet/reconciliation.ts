/**
 * The bank reconciliation of one school's month (DESIGN.md §10, §13): the service's deposits, less
 * what the processor kept from split settlements, less what was in transit at month end or explained,
 * is what the bank should have credited by then; the matched bank lines posted by month end are what it
 * did. A difference that is not zero is named line by line.
 */
import { formatMoney } from '../../../../shared/money';
import { methodLabel } from '../../../../shared/vocabulary';
import type { DepositFact, ExplainedLineFact, ExplanationFact } from '../../store/packets';
import type { BankCreditLine, ExplainedLine, InTransitLine, Reconciliation } from './types';

/**
 * What the bank pays for a deposit its line holds: the partial (net of fees) for a split settlement;
 * for a lump, the partials when the lump's known deposits add up to the line that way, else totals.
 */
function bankBasisCents(deposit: DepositFact, byId: ReadonlyMap<string, DepositFact>): number {
  const match = deposit.match;
  if (!match) return deposit.totalCents;
  if (match.how === 'net') return deposit.partialCents;
  if (match.how === 'lumped') {
    const lump = match.batchIds.map((id) => byId.get(id)).filter((d): d is DepositFact => d !== undefined);
    const partials = lump.reduce((sum, d) => sum + d.partialCents, 0);
    const totals = lump.reduce((sum, d) => sum + d.totalCents, 0);
    if (partials === match.lineCents && totals !== match.lineCents) return deposit.partialCents;
  }
  return deposit.totalCents;
}

export function reconcile(
  monthEnd: string,
  deposits: readonly DepositFact[],
  batchExplanations: readonly ExplanationFact[],
  explainedLines: readonly ExplainedLineFact[],
): Reconciliation {
  const byId = new Map(deposits.map((d) => [d.id, d]));
  const explanationOf = new Map(batchExplanations.map((e) => [e.batch_id, e]));
  let depositsCents = 0;
  let feesWithheldCents = 0;
  let inTransitCents = 0;
  let explainedDepositsCents = 0;
  const inTransit: InTransitLine[] = [];
  const explained: ExplainedLine[] = [];
  const credits = new Map<number, BankCreditLine & { basisCents: number }>();
  for (const deposit of deposits) {
    depositsCents += deposit.totalCents;
    const basis = bankBasisCents(deposit, byId);
    feesWithheldCents += deposit.totalCents - basis;
    const match = deposit.match;
    const explanation = explanationOf.get(deposit.id);
    if (match && match.postedDate <= monthEnd) {
      const credit = credits.get(match.lineId) ?? {
        postedDate: match.postedDate,
        reference: match.reference,
        how: match.how,
        batchIds: match.batchIds,
        amountCents: match.lineCents,
        basisCents: 0,
      };
      credit.basisCents += basis;
      credits.set(match.lineId, credit);
    } else if (!match && explanation) {
      explainedDepositsCents += basis;
      explained.push({
        date: deposit.date,
        subject: `deposit ${deposit.id}`,
        kind: explanation.kind,
        note: explanation.note,
        by: explanation.by,
        amountCents: basis,
      });
    } else {
      inTransitCents += basis;
      inTransit.push({
        date: deposit.date,
        batchId: deposit.id,
        method: methodLabel(deposit.method),
        amountCents: basis,
        laterBankDate: match?.postedDate ?? null,
      });
    }
  }
  for (const line of explainedLines) {
    explained.push({
      date: line.posted_date,
      subject: `bank line ${line.bank_reference || line.id}`,
      kind: line.kind,
      note: line.note,
      by: line.by,
      amountCents: line.amount_cents,
    });
  }
  const creditLines = [...credits.values()].sort(
    (a, b) => a.postedDate.localeCompare(b.postedDate) || a.reference.localeCompare(b.reference),
  );
  const bankCreditsCents = creditLines.reduce((sum, c) => sum + c.amountCents, 0);
  const expectedCreditsCents = depositsCents - feesWithheldCents - inTransitCents - explainedDepositsCents;
  const differenceNamed = creditLines
    .filter((c) => c.amountCents !== c.basisCents)
    .map(
      (c) =>
        `bank line ${c.reference} (${c.postedDate}) credits ${formatMoney(c.amountCents - c.basisCents)} more than this month's deposits it holds (${c.batchIds.join(', ')}): it holds deposits of another month or a manual match`,
    );
  const byKind = new Map<string, { kind: string; count: number; amountCents: number }>();
  for (const e of explained) {
    const kind = byKind.get(e.kind) ?? { kind: e.kind, count: 0, amountCents: 0 };
    kind.count += 1;
    kind.amountCents += e.amountCents;
    byKind.set(e.kind, kind);
  }
  return {
    depositCount: deposits.length,
    depositsCents,
    feesWithheldCents,
    inTransitCents,
    explainedDepositsCents,
    expectedCreditsCents,
    bankCreditsCents,
    differenceCents: expectedCreditsCents - bankCreditsCents,
    differenceNamed,
    credits: creditLines.map(({ basisCents: _basis, ...line }) => line),
    inTransit,
    explained,
    explainedByKind: [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
  };
}
