/**
 * Deposit slips (DESIGN.md §12): a school's day of cash and check collections grouped, counted and
 * verified. The decisions that must hold with two people at once are taken inside one unit of work
 * (IMMEDIATE on SQLite, SERIALIZABLE on PostgreSQL): a collection is on one slip only (and the unique
 * transaction_id says so again), a slip is verified once, by someone other than its counter in team
 * mode.
 */
import type { Kysely } from 'kysely';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { execute, firstOf, rowsOf, runRead, runWrite, type Work } from '../work/work';
import type { DepositSlipItemRow, DepositSlipRow } from './types';

/** Cash and check sales that are money in hand (not voided, declined or failed). */
const COLLECTION_METHODS = ['Cash', 'PhysicalCheck'] as const;
type CollectionMethod = (typeof COLLECTION_METHODS)[number];
const NOT_COLLECTED = ['Voided', 'Declined', 'Error'] as const;

export interface DayCollection {
  id: number;
  payment_method: CollectionMethod;
  amount_cents: number;
  data: string | null;
  payer_name: string | null;
  /** The request of the collection intent that made it here (its payer, when the sync has none yet). */
  request: string | null;
}

function* openCollectionsWork(db: Kysely<Database>, payeeId: number, date: string): Work<DayCollection[]> {
  return yield* rowsOf(
    db
      .selectFrom('transactions')
      .leftJoin('deposit_slip_items', 'deposit_slip_items.transaction_id', 'transactions.id')
      .leftJoin('payment_intents', (join) =>
        join
          .onRef('payment_intents.transaction_id', '=', 'transactions.id')
          .on('payment_intents.kind', '=', 'collection')
          .on('payment_intents.state', '=', 'done'),
      )
      .select([
        'payment_intents.request',
        'transactions.id',
        'transactions.payment_method',
        'transactions.amount_cents',
        'transactions.data',
        'transactions.payer_name',
      ])
      .where('transactions.payee_id', '=', payeeId)
      .where('transactions.business_date', '=', date)
      .where('transactions.payment_method', 'in', [...COLLECTION_METHODS])
      .where('transactions.status', 'not in', [...NOT_COLLECTED])
      .where('deposit_slip_items.slip_id', 'is', null)
      .$narrowType<{ payment_method: CollectionMethod }>()
      .orderBy('transactions.id'),
  );
}

/** The day's collections of a school that no slip holds yet, oldest first. */
export function openCollections(reader: ReadableDB, payeeId: number, date: string): Promise<DayCollection[]> {
  return runRead(reader, (db) => openCollectionsWork(db, payeeId, date));
}

export type NewSlip = Omit<DepositSlipRow, 'id' | 'verified_by' | 'verified_at' | 'one_person'>;
export type NewSlipItem = Omit<DepositSlipItemRow, 'slip_id'>;

export type CreateSlipResult = { created: true; id: string } | { created: false; reason: 'collections_changed' };

/**
 * Stores a slip of exactly `items`, if they are still the day's open collections (another slip, or a
 * sync, may have changed them since they were read): all or nothing.
 */
export function createSlip(
  writer: WritableDB,
  slip: NewSlip,
  items: readonly NewSlipItem[],
): Promise<CreateSlipResult> {
  return runWrite(writer, function* (db): Work<CreateSlipResult> {
    const open = yield* openCollectionsWork(db, slip.payee_id, slip.business_date);
    const wanted = items.map((item) => Number(item.transaction_id)).sort((a, b) => a - b);
    const now = open.map((row) => Number(row.id)).sort((a, b) => a - b);
    if (wanted.join(',') !== now.join(',')) return { created: false, reason: 'collections_changed' };
    const earlier = yield* firstOf(
      db
        .selectFrom('deposit_slips')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('payee_id', '=', slip.payee_id)
        .where('business_date', '=', slip.business_date),
    );
    const id = `SLIP-${slip.business_date}-${slip.payee_id}-${Number(earlier?.n ?? 0) + 1}`;
    yield* execute(
      db.insertInto('deposit_slips').values({ ...slip, id, verified_by: null, verified_at: null, one_person: 0 }),
    );
    yield* execute(db.insertInto('deposit_slip_items').values(items.map((item) => ({ ...item, slip_id: id }))));
    return { created: true, id };
  });
}

export type VerifyResult =
  | { verified: true }
  | { verified: false; reason: 'not_found' | 'same_person'; slip: DepositSlipRow | undefined }
  | { verified: false; reason: 'already'; slip: DepositSlipRow };

/** The second person's verification: once; in team mode (`onePerson` false) not by the counter. */
export function verifySlip(
  writer: WritableDB,
  id: string,
  by: string,
  at: string,
  onePerson: boolean,
): Promise<VerifyResult> {
  return runWrite(writer, function* (db): Work<VerifyResult> {
    const slip = yield* firstOf(db.selectFrom('deposit_slips').selectAll().where('id', '=', id));
    if (!slip) return { verified: false, reason: 'not_found', slip };
    if (slip.verified_by !== null) return { verified: false, reason: 'already', slip };
    if (!onePerson && slip.counted_by.toLowerCase() === by.toLowerCase())
      return { verified: false, reason: 'same_person', slip };
    yield* execute(
      db
        .updateTable('deposit_slips')
        .set({
          verified_by: by,
          verified_at: at,
          one_person: onePerson && slip.counted_by.toLowerCase() === by.toLowerCase() ? 1 : 0,
        })
        .where('id', '=', id)
        .where('verified_by', 'is', null),
    );
    return { verified: true };
  });
}

export interface SlipFilter {
  from?: string;
  to?: string;
  payeeId?: number;
  id?: string;
}

/** Slips with their items, newest day first. */
export function listSlips(
  reader: ReadableDB,
  filter: SlipFilter,
): Promise<Array<{ slip: DepositSlipRow; items: DepositSlipItemRow[] }>> {
  return runRead(reader, function* (db) {
    let query = db.selectFrom('deposit_slips').selectAll();
    if (filter.id !== undefined) query = query.where('id', '=', filter.id);
    if (filter.from !== undefined) query = query.where('business_date', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('business_date', '<=', filter.to);
    if (filter.payeeId !== undefined) query = query.where('payee_id', '=', filter.payeeId);
    const slips = yield* rowsOf(query.orderBy('business_date', 'desc').orderBy('id').limit(1000));
    if (slips.length === 0) return [];
    const items = yield* rowsOf(
      db
        .selectFrom('deposit_slip_items')
        .selectAll()
        .where(
          'slip_id',
          'in',
          slips.map((slip) => slip.id),
        )
        .orderBy('transaction_id'),
    );
    return slips.map((slip) => ({ slip, items: items.filter((item) => item.slip_id === slip.id) }));
  });
}
