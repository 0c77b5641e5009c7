/**
 * `district-recon month status|submit|close|reopen --month YYYY-MM [--payee ID] …`: closing a month
 * per school from a terminal (DESIGN.md §13), through the same contract methods the Month and District
 * views call. Exit 0 done (status: every school shown is closed or ready), 1 refused or items open, 2 usage.
 */
import type { DistrictStatus, MonthStatus } from '../../../shared/contract';
import { formatMoney } from '../../../shared/money';
import { intFlag, parseFlags, runSubcommand, UsageError } from '../args';
import type { Engine } from '../../engine/engine';
import { withExistingStore } from '../existingStore';
import { stderr, stdout } from '../output';
import { PacketFileError, savePacketFile } from '../packetFile';
import { runMonthPacket } from './monthPacket';

const STRINGS = ['month', 'payee', 'db', 'database'] as const;

export function run(argv: string[]): Promise<number> {
  return runSubcommand(argv, 'month', { status, submit, close, reopen, packet: (rest) => runMonthPacket(rest) });
}

function monthFlag(value: string | undefined): string {
  if (value === undefined) throw new UsageError('give --month YYYY-MM (for example --month 2026-10)');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) {
    throw new UsageError(`--month must be a month like 2026-10, got ${JSON.stringify(value)}`);
  }
  return value;
}

const payeeFlag = (value: string | undefined) => intFlag(value, 'payee', 1, Number.MAX_SAFE_INTEGER);

function requirePayee(value: string | undefined): number {
  const payeeId = payeeFlag(value);
  if (payeeId === undefined) throw new UsageError('give --payee ID (the school; month status lists them)');
  return payeeId;
}

async function status(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    strings: [...STRINGS, 'xlsx'],
    booleans: ['json', 'force'],
    maxPositionals: 0,
  });
  const month = monthFlag(values.month);
  const payeeId = payeeFlag(values.payee);
  if (values.xlsx !== undefined && payeeId !== undefined)
    throw new UsageError("--xlsx writes the district's rows: leave out --payee");
  if (values.xlsx === '') throw new UsageError('give --xlsx FILE.xlsx: where to write the workbook');
  return withExistingStore(values, async (engine) => {
    if (payeeId !== undefined) {
      const school = await engine.call('month.status', { month, payeeId });
      stdout.write(values.json ? `${JSON.stringify(school, null, 2)}\n` : renderSchool(school));
      return school.state === 'open' ? 1 : 0;
    }
    const district = await engine.call('month.district', { month });
    stdout.write(values.json ? `${JSON.stringify(district, null, 2)}\n` : renderDistrict(district));
    if (values.xlsx !== undefined && !(await writeDistrictWorkbook(engine, month, values.xlsx, values))) return 1;
    return district.rows.some((row) => row.state === 'open') || !district.district.met ? 1 : 0;
  });
}

/**
 * The district's rows as a workbook at `file`, whole or not at all; false (one line on stderr says
 * why) when it was not written.
 */
async function writeDistrictWorkbook(
  engine: Engine,
  month: string,
  file: string,
  flags: { force?: boolean; json?: boolean },
) {
  const workbook = await engine.call('month.districtWorkbook', { month });
  try {
    const path = await savePacketFile(file, Buffer.from(workbook.xlsxBase64, 'base64'), flags.force ?? false);
    // With --json, stdout stays one JSON document.
    (flags.json ? stderr : stdout).write(
      `Wrote ${path}: ${workbook.schools} school${workbook.schools === 1 ? '' : 's'} of ${month}.\n`,
    );
    return true;
  } catch (error) {
    if (!(error instanceof PacketFileError)) throw error;
    stderr.write(`district-recon month status: --xlsx ${error.message}; no workbook was written\n`);
    return false;
  }
}

async function submit(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { strings: [...STRINGS], booleans: ['json'], maxPositionals: 0 });
  const month = monthFlag(values.month);
  const payeeId = requirePayee(values.payee);
  return withExistingStore(values, async (engine) => {
    const school = await engine.call('month.submit', { month, payeeId });
    stdout.write(
      values.json
        ? `${JSON.stringify(school, null, 2)}\n`
        : `Submitted ${month} of ${schoolName(school)} for an approver to close.\n`,
    );
    return 0;
  });
}

/** With --payee, that school; without, every school whose month is ready or submitted (the rest are named). */
async function close(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { strings: [...STRINGS], booleans: ['json'], maxPositionals: 0 });
  const month = monthFlag(values.month);
  const payeeId = payeeFlag(values.payee);
  return withExistingStore(values, async (engine) => {
    if (payeeId !== undefined) {
      const closed = await engine.call('month.close', { month, payeeId });
      stdout.write(values.json ? `${JSON.stringify(closed, null, 2)}\n` : closedLine(closed));
      return 0;
    }
    const district = await engine.call('month.district', { month });
    const results: Array<{ payeeId: number; closed: boolean; message: string }> = [];
    for (const row of district.rows) {
      if (row.state === 'closed') continue;
      if (row.state === 'open') {
        results.push({
          payeeId: row.payeeId,
          closed: false,
          message: `${row.payeeName ?? row.payeeId}: ${row.openItems} checklist item(s) open (month status --month ${month} --payee ${row.payeeId})`,
        });
        continue;
      }
      try {
        const closed = await engine.call('month.close', { month, payeeId: row.payeeId });
        results.push({ payeeId: row.payeeId, closed: true, message: closedLine(closed).trimEnd() });
      } catch (error) {
        results.push({
          payeeId: row.payeeId,
          closed: false,
          message: `${row.payeeName ?? row.payeeId}: ${(error as Error).message}`,
        });
      }
    }
    stdout.write(
      values.json
        ? `${JSON.stringify(results, null, 2)}\n`
        : results.map((r) => `${r.message}\n`).join('') || `Every school's ${month} was closed already.\n`,
    );
    return results.every((r) => r.closed) ? 0 : 1;
  });
}

async function reopen(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, { strings: [...STRINGS, 'reason'], booleans: ['json'], maxPositionals: 0 });
  const month = monthFlag(values.month);
  const payeeId = requirePayee(values.payee);
  if (!values.reason?.trim())
    throw new UsageError('give --reason TEXT: why the month is re-opened (it is kept with the month)');
  return withExistingStore(values, async (engine) => {
    const school = await engine.call('month.reopen', { month, payeeId, reason: values.reason! });
    stdout.write(
      values.json
        ? `${JSON.stringify(school, null, 2)}\n`
        : `Re-opened ${month} of ${schoolName(school)}; its packet is kept, marked superseded.\n`,
    );
    return 0;
  });
}

const schoolName = (s: { payeeName: string | null; payeeId: number }) =>
  s.payeeName ? `${s.payeeName} (${s.payeeId})` : `school ${s.payeeId}`;

function closedLine(closed: MonthStatus & { packetSha256: string | null }): string {
  const approval = closed.selfApproved
    ? ', self-approved (one person prepared and closed it)'
    : `, submitted by ${closed.submittedBy}`;
  const packet = closed.packetSha256 ? `; packet SHA-256 ${closed.packetSha256}` : '';
  return `Closed ${closed.month} of ${schoolName(closed)} by ${closed.closedBy}${approval}${packet}.\n`;
}

const STATE_WORDS = { open: 'Open', ready: 'Ready', submitted: 'Submitted', closed: 'Closed' } as const;

function renderSchool(s: MonthStatus): string {
  const lines = [
    `${s.month} of ${schoolName(s)}: ${STATE_WORDS[s.state]}${s.closedBy ? ` by ${s.closedBy} at ${s.closedAt}` : ''}${s.daysPastDeadline ? `, ${s.daysPastDeadline} days past the ${s.deadline} deadline` : ''}`,
    `Deposits ${s.figures.deposits} (${formatMoney(s.figures.depositCents)}): signed off ${s.figures.signedOff}, bank matched ${s.figures.bankMatched}, in transit ${s.figures.inTransit}, difference ${formatMoney(s.figures.differenceCents)}`,
    '',
  ];
  for (const item of s.checklist) {
    lines.push(`${item.met ? '[x]' : '[ ]'} ${item.title}${item.met ? '' : `: ${item.open} open`}`);
    for (const thing of item.firstOpen) lines.push(`      ${thing.label}`);
    if (item.open > item.firstOpen.length) lines.push(`      and ${item.open - item.firstOpen.length} more`);
  }
  for (const exception of s.exceptions) lines.push(`(!) ${exception.detail}`);
  return `${lines.join('\n')}\n`;
}

function renderDistrict(d: DistrictStatus): string {
  const header = ['School', 'State', 'Days late', 'Signed off', 'Bank matched', 'In transit', 'Difference', 'Pending'];
  const rows = d.rows.map((r) => [
    schoolName(r),
    STATE_WORDS[r.state],
    String(r.daysPastDeadline),
    `${r.signedOff} of ${r.deposits}`,
    `${r.bankMatched} of ${r.deposits}`,
    String(r.inTransit),
    formatMoney(r.differenceCents),
    String(r.pendingApprovals),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const district = d.district.met
    ? 'District: every bank line that belongs to no school is matched or explained.'
    : `District: ${d.district.open} bank line(s) that belong to no school neither matched nor explained:\n${d.district.firstOpen.map((t) => `      ${t.label}`).join('\n')}`;
  return `${d.month}, due ${d.deadline}\n${[line(header), ...rows.map(line)].join('\n')}\n\n${district}\n`;
}
