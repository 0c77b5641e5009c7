/**
 * The auditor's packet at a large district's month (issue 29, Must show): 100 schools, 30,000
 * transactions, their deposits with sign-offs, tie-out verdicts, GL lines, bank credits (a fifth of
 * them in transit) and refunds. Rendered: every school's packet and the district packet over them
 * (printMonthPackets), each school's PDF written to a file as soon as it is printed (as a host saving
 * the month's packets would), in a child process of its own so its peak memory is the printing's,
 * not the building's.
 * Goal: under 10 s and 300 MB. BENCH_SCALE=0.1 for a quick look.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../electron/engine/store/dialect';
import { type PacketDeps, printMonthPackets } from '../electron/engine/close/packet';
import { REVIEW_COLUMNS } from '../electron/engine/store/batches/batches';
import { GL_LINE_COLUMNS } from '../electron/engine/store/glBatches/glBatchDay';

const here = dirname(fileURLToPath(import.meta.url));
const scale = Number(process.env.BENCH_SCALE ?? '1');
const SCHOOLS = Math.max(2, Math.round(100 * scale));
const TRANSACTIONS = Math.round(30_000 * scale);
const MONTH = '2026-10';
const METHODS = ['CC', 'ACH', 'Cash', 'PhysicalCheck'] as const;
const ACCOUNTS = 20;
const AT = '2026-11-01T12:00:00.000Z';

/** October 2026's business days (Central): 22 of them. */
function businessDays(): string[] {
  const days: string[] = [];
  for (let d = 1; d <= 31; d++) {
    const date = `${MONTH}-${String(d).padStart(2, '0')}`;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(date);
  }
  return days;
}

async function build(path: string): Promise<{ batches: number; lines: number }> {
  const store = await openStore(path);
  const sqlite = store.writer.sqlite;
  const insert = (table: string, columns: string[]) =>
    sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const payee = insert('payees', ['id', 'name', 'merchant_id', 'removed', 'raw', 'updated_at']);
  const account = insert('gl_accounts', ['id', 'number', 'label', 'removed', 'raw', 'updated_at']);
  const batch = insert('batches', [
    'id',
    'payee_id',
    'date',
    'payment_method',
    'total_cents',
    'fees_cents',
    'partial_cents',
    'total_count',
    'raw',
    'first_seen_at',
    'updated_at',
  ]);
  const txn = insert('transactions', [
    'id',
    'order_id',
    'payee_id',
    'payment_method',
    'status',
    'status_message',
    'amount_cents',
    'amount_refunded_cents',
    'convenience_fee_cents',
    'tax_cents',
    'shipping_cents',
    'batch_id',
    'data',
    'payer_name',
    'gl_account_id',
    'business_date',
    'raw',
    'first_seen_at',
    'updated_at',
    'first_seen_run_id',
  ]);
  // Rows by column name, in the store's own column lists: a list written again here drifted apart unseen.
  const insertNamed = (table: string, columns: readonly string[]) => {
    const statement = insert(table, [...columns]);
    return (row: Record<string, unknown>) => statement.run(...columns.map((column) => row[column] ?? null));
  };
  const gl = insertNamed('gl_batches', GL_LINE_COLUMNS);
  const check = insert('batch_checks', [
    'batch_id',
    'verdict',
    'difference_cents',
    'checks',
    'fingerprint',
    'computed_at',
  ]);
  const review = insertNamed(
    'batch_reviews',
    REVIEW_COLUMNS.filter((column) => column !== 'id'),
  );
  const change = insert('transaction_changes', [
    'transaction_id',
    'kind',
    'from_status',
    'to_status',
    'delta_cents',
    'detail',
    'sync_run_id',
    'seen_at',
  ]);
  const line = insert('bank_lines', [
    'account_id',
    'statement_id',
    'posted_date',
    'amount_cents',
    'type_code',
    'bank_reference',
    'text',
    'raw',
    'identity',
    'line_number',
  ]);
  const match = insert('bank_matches', ['line_id', 'how', 'status', 'rank', 'batch_ids', 'gap_days', 'created_at']);
  const held = insert('bank_matched_batches', ['batch_id', 'match_id', 'line_id']);
  const days = businessDays();
  let lines = 0;
  let batches = 0;
  sqlite.transaction(() => {
    sqlite
      .prepare('INSERT INTO bank_accounts (number, currency, first_seen_at) VALUES (?, ?, ?)')
      .run('000123456789', 'USD', AT);
    sqlite
      .prepare(
        `INSERT INTO bank_statements (file_name, sha256, format, from_date, to_date, line_count, new_line_count, imported_at, imported_by)
         VALUES ('october.bai', 'x', 'bai2', '2026-10-01', '2026-11-06', 0, 0, ?, 'bench')`,
      )
      .run(AT);
    for (let a = 0; a < ACCOUNTS; a++)
      account.run(`GL${a}`, `10-${2000 + a}-1990`, `Activity fund ${a + 1}`, 0, '{}', AT);
    for (let s = 0; s < SCHOOLS; s++)
      payee.run(101 + s, `School ${String(s + 1).padStart(3, '0')}`, `MID${100_000 + s}`, 0, '{}', AT);
    const perBatch = Math.max(1, Math.round(TRANSACTIONS / (SCHOOLS * days.length * METHODS.length)));
    let txnId = 1_000_000;
    let batchNumber = 800_000;
    for (let s = 0; s < SCHOOLS; s++) {
      for (const [d, date] of days.entries()) {
        for (const method of METHODS) {
          const id = String(batchNumber++);
          let total = 0;
          for (let t = 0; t < perBatch; t++) {
            const amount = 500 + ((txnId * 7919) % 20_000);
            const status = txnId % 97 === 0 ? 'Declined' : txnId % 89 === 0 ? 'Error' : 'Settled';
            const inBatch = status === 'Settled';
            if (inBatch) total += amount;
            const glId = `GL${txnId % ACCOUNTS}`;
            txn.run(
              txnId,
              null,
              101 + s,
              method,
              status,
              null,
              amount,
              0,
              0,
              0,
              0,
              inBatch ? id : null,
              null,
              `Payer ${txnId}`,
              glId,
              date,
              '{}',
              AT,
              AT,
              null,
            );
            if (inBatch && txnId % 41 === 0)
              change.run(
                txnId,
                'refunded',
                'Settled',
                'Settled',
                Math.min(amount, 1_000),
                null,
                null,
                `${date}T20:00:00.000Z`,
              );
            txnId++;
          }
          const fees = method === 'CC' ? Math.round(total * 0.029) : method === 'ACH' ? 150 : 0;
          batch.run(id, 101 + s, date, method, total, fees, total - fees, perBatch, '{}', AT, AT);
          batches++;
          for (let a = 0; a < 3; a++) {
            const part = a < 2 ? Math.floor(total / 3) : total - 2 * Math.floor(total / 3);
            gl({
              gl_batch_id: `G${id}-${a}`,
              date,
              batch_id: id,
              payee_id: 101 + s,
              gl_account_id: `GL${a}`,
              gl_number: `10-${2000 + a}-1990`,
              gl_label: `Activity fund ${a + 1}`,
              amount_cents: part,
              amount_without_fees_cents: part,
              count: 1,
              raw: '{}',
              synced_at: AT,
            });
          }
          check.run(id, 'ties_out', 0, '[]', 'f', AT);
          review({
            batch_id: id,
            action: 'sign_off',
            by: 'Ana Ruiz',
            at: `${date}T21:00:00.000Z`,
            total_cents: total,
            fees_cents: fees,
            partial_cents: total - fees,
            total_count: perBatch,
          });
          // A fifth in transit at month end: the last days' deposits credited in November, some not yet.
          if (d < days.length - 4 || batches % 3 === 0) {
            const posted = d < days.length - 4 ? days[d + 2]! : '2026-11-03';
            const lineId = Number(
              line.run(
                1,
                1,
                posted,
                method === 'CC' ? total - fees : total,
                '165',
                `R${id}`,
                `DEPOSIT MID${100_000 + s}`,
                '{}',
                `i${id}`,
                ++lines,
              ).lastInsertRowid,
            );
            const matchId = Number(
              match.run(lineId, method === 'CC' ? 'net' : 'exact', 'matched', 0, JSON.stringify([id]), 2, AT)
                .lastInsertRowid,
            );
            held.run(id, matchId, lineId);
          }
        }
      }
    }
  })();
  await store.close();
  return { batches, lines };
}

function mb(bytes: number): number {
  return Math.round(bytes / 1e6);
}

/** The child: opens the store and prints every school's packet, then the district's. */
async function render(path: string): Promise<void> {
  const base = process.memoryUsage().rss;
  const store = await openStore(path);
  const closed = {
    state: 'closed' as const,
    submittedBy: 'Lee Park',
    submittedAt: '2026-11-05T14:00:00.000Z',
    closedBy: 'Ana Ruiz',
    closedAt: '2026-11-06T15:00:00.000Z',
    reopenedBy: null,
    reopenedAt: null,
    reason: null,
    districtName: null,
  };
  const deps: PacketDeps = {
    reader: store.reader,
    writer: store.writer,
    closeState: async () => closed,
    now: () => AT,
  };
  const out = join(dirname(path), 'packets');
  mkdirSync(out);
  let bytes = 0;
  let largest = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { schools, district } = await printMonthPackets(deps, { month: MONTH }, (packet) => {
    writeFileSync(join(out, `${packet.payeeId}.pdf`), packet.bytes);
    bytes += packet.bytes.length;
    largest = Math.max(largest, packet.bytes.length);
  });
  const totalMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  await store.close();
  process.stdout.write(
    JSON.stringify({
      packets: schools + 1,
      totalMs: Math.round(totalMs),
      cpuMs: Math.round((used.user + used.system) / 1000),
      rssBeforeMb: mb(base),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1000),
      schoolPdfBytes: bytes,
      largestSchoolPdfBytes: largest,
      districtPdfBytes: district.bytes.length,
    }) + '\n',
  );
}

async function main(): Promise<void> {
  if (process.argv[2] === '--render') return render(process.argv[3]!);
  const folder = mkdtempSync(join(tmpdir(), 'recon-packet-bench-'));
  try {
    const path = join(folder, 'packet.sqlite');
    const built = await build(path);
    const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--render', path], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`render child failed: ${child.stderr}`);
    const figures = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Record<string, number>;
    const result = {
      schools: SCHOOLS,
      transactions: TRANSACTIONS,
      deposits: built.batches,
      bankLines: built.lines,
      ...figures,
      goal: { totalMs: 10_000, peakRssMb: 300 },
      loadAverage: Number(loadavg()[0]!.toFixed(1)),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(here, 'results', 'packet.json'), JSON.stringify(result) + '\n');
  } finally {
    // BENCH_KEEP=1 keeps the store for a profile of the render child (--render PATH).
    if (!process.env.BENCH_KEEP) rmSync(folder, { recursive: true, force: true });
    else process.stdout.write(`kept ${folder}\n`);
  }
}

await main();
