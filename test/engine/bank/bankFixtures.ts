/**
 * Builds the bank side's fixtures: batches and returned transactions straight into a store (as a sync
 * would leave them), statement lines and files through the statement generators, and an engine whose
 * clock stands on a fixed day. Dates are business dates, so nothing here depends on the machine's zone.
 */
import type { Kysely } from 'kysely';
import { fixedClock } from '../../../shared/time';
import type { Database } from '../../../electron/engine/store/schema';
import { createTestEngine } from '../../helpers/engine';
import { bai2FromLines, type PlainLine } from './generate';

export const ACCOUNT = '0012345678';
const AT = '2026-03-01T12:00:00.000Z';

/** What a bank test engine runs with: a clock whose "today" is `today` (Central noon). */
export function bankEngineOptions(today = '2026-03-20') {
  return { clock: fixedClock(`${today}T18:00:00Z`) };
}

/** An engine whose "today" is `today` (Central noon). */
export function bankEngine(today = '2026-03-20') {
  return createTestEngine(bankEngineOptions(today));
}

export type TestEngine = Awaited<ReturnType<typeof bankEngine>>;

export function dbOf(engine: TestEngine): Kysely<Database> {
  return engine.internals.store.writer.db;
}

export interface SeedBatch {
  id: string;
  date: string;
  totalCents: number;
  /** Net of fees (split settlement); the total when omitted. */
  partialCents?: number;
  payeeId?: number;
  method?: 'CC' | 'ACH' | 'Cash' | 'PhysicalCheck';
}

/** A batch's row as a sync stores it, first seen `at`. */
export function batchRow(b: SeedBatch, at = AT) {
  return {
    id: b.id,
    payee_id: b.payeeId ?? 1,
    date: b.date,
    payment_method: b.method ?? 'CC',
    total_cents: b.totalCents,
    fees_cents: b.totalCents - (b.partialCents ?? b.totalCents),
    partial_cents: b.partialCents ?? b.totalCents,
    total_count: 1,
    raw: '{}',
    first_seen_at: at,
    updated_at: at,
  };
}

export async function seedBatches(db: Kysely<Database>, batches: SeedBatch[]): Promise<void> {
  for (const b of batches) await db.insertInto('batches').values(batchRow(b)).execute();
}

/** A bank engine on `today` holding these batches. */
export async function bankEngineWith(batches: SeedBatch[], today?: string): Promise<TestEngine> {
  const engine = await bankEngine(today);
  await seedBatches(dbOf(engine), batches);
  return engine;
}

/** An ACH transaction's row as a sync stores it, Returned unless `status` says otherwise. */
export function returnedRow(t: { id: number; date: string; amountCents: number; status?: string }, at = AT) {
  return {
    id: t.id,
    order_id: null,
    payee_id: 1,
    payment_method: 'ACH',
    status: t.status ?? 'Returned',
    status_message: 'R01 insufficient funds',
    amount_cents: t.amountCents,
    amount_refunded_cents: 0,
    convenience_fee_cents: 0,
    tax_cents: 0,
    shipping_cents: 0,
    batch_id: null,
    data: null,
    payer_name: 'Pat Payer',
    payer_search: 'pat payer',
    gl_account_id: null,
    business_date: t.date,
    raw: '{}',
    first_seen_at: at,
    updated_at: at,
    first_seen_run_id: null,
  };
}

/** An ACH transaction the service now reports Returned. */
export async function seedReturned(
  db: Kysely<Database>,
  t: { id: number; date: string; amountCents: number; status?: string },
): Promise<void> {
  await db.insertInto('transactions').values(returnedRow(t)).execute();
}

let reference = 0;

/** A deposit (BAI2 165, preauthorized ACH credit) on `date`. */
export function credit(date: string, cents: number, text = 'PROCESSOR SETTLEMENT'): PlainLine {
  reference += 1;
  return {
    account: ACCOUNT,
    postedDate: date,
    amountCents: cents,
    typeCode: '165',
    bankReference: `R${reference}`,
    text,
  };
}

/** A debit: an ACH return (BAI2 555) or a fee (BAI2 698). */
export function debit(date: string, cents: number, typeCode = '698', text = 'PROCESSOR FEES'): PlainLine {
  reference += 1;
  return {
    account: ACCOUNT,
    postedDate: date,
    amountCents: -cents,
    typeCode,
    bankReference: `R${reference}`,
    text,
  };
}

export function importLines(engine: TestEngine, lines: PlainLine[], fileName = 'statement.bai') {
  return engine.call('bank.import', { fileName, content: bai2FromLines(lines) });
}

export async function allLines(engine: TestEngine) {
  return (await engine.call('bank.lines', { limit: 1000 })).rows;
}

/** The line of that amount (each test gives its lines distinct amounts). */
export async function lineOf(engine: TestEngine, cents: number) {
  const line = (await allLines(engine)).find((l) => l.amountCents === cents);
  if (!line) throw new Error(`no line of ${cents}`);
  return line;
}

export async function count(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
