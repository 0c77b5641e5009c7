/**
 * `district-recon check [--from YYYY-MM-DD --to YYYY-MM-DD] [--json] [--db FILE | --database URL]`: the tie-out
 * summary (day x payee x method), every batch that does not tie out, the period's reversals, and the
 * anomalies: transactions whose reported money breaks the service's input rule (stored as sent).
 * Exit 0 all tie out, 1 something does not (or the check failed), 2 usage.
 */
import type { OutsideRuleReport, ReversalReport } from '../../../shared/contract';
import type { BatchSummary, DaySummaryRow } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import { methodLabel } from '../../../shared/vocabulary';
import { openExistingStore } from '../existingStore';
import { parseFlags, UsageError } from '../args';
import { requireDate } from './export';
import { stdout } from '../output';

export async function run(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: ['from', 'to', 'db', 'database'],
    booleans: ['json'],
    maxPositionals: 0,
  });
  if ((values.from === undefined) !== (values.to === undefined))
    throw new UsageError('give both --from and --to, or neither');

  const engine = await openExistingStore(values);
  try {
    let from = values.from === undefined ? undefined : requireDate(values.from, 'from');
    let to = values.to === undefined ? undefined : requireDate(values.to, 'to');
    if (from && to && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
    if (!from || !to) {
      const span = (await engine.call('app.status', {})).batchDates;
      from = span.first ?? '1970-01-01';
      to = span.last ?? '1970-01-01';
    }
    const days = await engine.call('reconcile.summary', { from, to });
    const problems: BatchSummary[] = [];
    let cursor: string | null = null;
    do {
      const page: { rows: BatchSummary[]; nextCursor: string | null } = await engine.call('batches.list', {
        filter: { from, to, verdicts: ['differs', 'incomplete'] },
        cursor,
        limit: 1000,
      });
      problems.push(...page.rows);
      cursor = page.nextCursor;
    } while (cursor);
    // Reversals do not decide the exit code: deposits tie out as batched and the money that went
    // back later is posted in the journal of its own period (DESIGN.md §6).
    const reversals = await engine.call('reconcile.reversals', { from, to });
    // Anomalies do not decide the exit code either: what the service reported is stored and ties out
    // as reported; the bookkeeper is told which transactions break which rule (DESIGN.md §4).
    const outsideRule = await engine.call('reconcile.outsideRule', { from, to, limit: ANOMALIES_LISTED });
    const tiesOut = days.every((d) => d.tiesOut) && problems.length === 0;
    // Schools by name, as the app shows them; an id only for a payee the store does not know.
    const schools = new Map((await engine.call('payees.list', {})).map((p) => [p.id, p.name]));
    if (values.json) {
      stdout.write(
        `${JSON.stringify({ from, to, tiesOut, days, batches: problems, reversals, outsideRule }, null, 2)}\n`,
      );
    } else {
      stdout.write(
        renderText(from, to, days, problems, tiesOut, schools) +
          renderReversals(reversals) +
          renderOutsideRule(outsideRule),
      );
    }
    return tiesOut ? 0 : 1;
  } finally {
    await engine.close();
  }
}

function renderText(
  from: string,
  to: string,
  days: DaySummaryRow[],
  problems: BatchSummary[],
  tiesOut: boolean,
  schools: Map<number, string>,
): string {
  const lines = [`Tie-out ${from} to ${to}`, ''];
  lines.push(['date', 'school', 'method', 'transactions', 'deposits', 'GL', 'ties out'].join('\t'));
  for (const d of days) {
    lines.push(
      [
        d.date,
        schools.get(d.payeeId) ?? `payee ${d.payeeId}`,
        methodLabel(d.paymentMethod),
        `${d.localCount} ${formatMoney(d.localCents)}`,
        `${d.batchCount} ${formatMoney(d.batchCents)}`,
        formatMoney(d.glCents),
        d.tiesOut ? 'yes' : 'NO',
      ].join('\t'),
    );
  }
  if (problems.length) {
    lines.push('', 'Deposits that do not tie out:');
    for (const b of problems)
      lines.push(
        `  ${b.id}\t${b.date}\t${b.payeeName ?? `payee ${b.payeeId}`}\t${methodLabel(b.paymentMethod)}\t${b.verdict}\t${formatMoney(b.differenceCents)}`,
      );
  }
  lines.push('', tiesOut ? 'Everything ties out.' : 'Something does not tie out.', '');
  return lines.join('\n');
}

const KIND_WORDS = { refund: 'refund', return: 'ACH return', void: 'settled void' } as const;

function renderReversals(report: ReversalReport): string {
  if (report.count === 0) return 'No refunds, returns or settled voids seen in this period.\n';
  const lines = [`Reversals seen in this period (posted in its journal): ${report.count}`, ''];
  lines.push(['date seen', 'transaction', 'kind', 'deposit', 'deposit date', 'school', 'money out'].join('\t'));
  for (const r of report.reversals) {
    lines.push(
      [
        r.date,
        r.transactionId,
        KIND_WORDS[r.kind],
        r.batchId,
        r.batchDate,
        r.payeeName ?? `payee ${r.payeeId}`,
        formatMoney(r.amountCents),
      ].join('\t'),
    );
  }
  lines.push(`Total paid back\t${formatMoney(report.totalCents)}`, '');
  return lines.join('\n');
}

/** Enough to act on from a terminal; --json carries as many, and the Changes view has them all. */
const ANOMALIES_LISTED = 1000;

function renderOutsideRule(report: OutsideRuleReport): string {
  if (report.transactions.length === 0) return "No amounts outside the service's input rule in this period.\n";
  const count = `${report.transactions.length}${report.truncated ? '+' : ''}`;
  const lines = [
    '',
    `Anomalies: transactions whose amounts break the service's input rule (stored as reported): ${count}`,
    '',
  ];
  lines.push(['date', 'transaction', 'school', 'method', 'deposit', 'rule broken'].join('\t'));
  for (const t of report.transactions) {
    lines.push(
      [
        t.businessDate,
        t.transactionId,
        t.payeeName ?? `payee ${t.payeeId}`,
        methodLabel(t.paymentMethod),
        t.batchId ?? '-',
        t.rules.join('; '),
      ].join('\t'),
    );
  }
  if (report.truncated) lines.push(`(the first ${report.transactions.length}; narrow --from and --to for the rest)`);
  lines.push('');
  return lines.join('\n');
}
