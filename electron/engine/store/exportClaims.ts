/**
 * An export claims what it posts before it writes a file (DESIGN.md §7, §11): in one write
 * transaction it records itself pending, with the deposits of its scope and the reversals it was
 * given, leaving out what another export (done, or still pending) already claimed. SQLite takes the
 * write lock first (BEGIN IMMEDIATE), so two claims, in two processes on one file too, run one after
 * the other: the second sees the first's rows and cannot claim a deposit twice.
 */
import type { ExportRecord } from '../../../shared/contract';
import { inWriteTransaction, type WritableDB } from './handles';
import { recordPendingExport, toExportRecord, type ExportValues } from './exports';
import { glScope } from './glRows';

export interface ClaimRequest extends ExportValues {
  /** The reversals (transaction_changes ids) of the export's range. */
  changeIds: readonly number[];
  /** Post again what another export already posted (the bookkeeper asked, knowing). */
  repost: boolean;
}

export interface ExportClaim {
  id: number;
  /** How many deposits this export posts. */
  deposits: number;
  /** The reversals it posts. */
  changeIds: number[];
  /** In its scope and already posted by another export: left out unless reposting. */
  alreadyPosted: { deposits: number; reversals: number };
  /** The exports that posted them, newest first. */
  postedBy: ExportRecord[];
}

const CHUNK = 500;

export function claimExport(writer: WritableDB, request: ClaimRequest): Promise<ExportClaim> {
  return inWriteTransaction(writer, async (tx) => {
    const { db } = tx;
    const id = await recordPendingExport(tx, request);
    const inScope = glScope(db, request.scope).select('g.batch_id').distinct();

    const postedDeposits = await db
      .selectFrom('export_deposits')
      .select(['export_id', 'batch_id'])
      .where('batch_id', 'in', inScope)
      .where('export_id', '!=', id)
      .execute();
    const postedReversals: Array<{ export_id: number; change_id: number }> = [];
    for (let at = 0; at < request.changeIds.length; at += CHUNK) {
      postedReversals.push(
        ...(await db
          .selectFrom('export_reversals')
          .select(['export_id', 'change_id'])
          .where('change_id', 'in', request.changeIds.slice(at, at + CHUNK) as number[])
          .where('export_id', '!=', id)
          .execute()),
      );
    }

    let claimable = glScope(db, request.scope)
      .select((eb) => [eb.val(id).as('export_id'), 'g.batch_id'])
      .distinct();
    if (!request.repost) {
      claimable = claimable.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('export_deposits as other')
              .select('other.batch_id')
              .whereRef('other.batch_id', '=', 'g.batch_id')
              .where('other.export_id', '!=', id),
          ),
        ),
      );
    }
    await db.insertInto('export_deposits').columns(['export_id', 'batch_id']).expression(claimable).execute();
    const { n } = await db
      .selectFrom('export_deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('export_id', '=', id)
      .executeTakeFirstOrThrow();

    const reposted = new Set(postedReversals.map((r) => r.change_id));
    const changeIds = request.repost ? [...request.changeIds] : request.changeIds.filter((c) => !reposted.has(c));
    for (let at = 0; at < changeIds.length; at += CHUNK) {
      const values = changeIds.slice(at, at + CHUNK).map((change_id) => ({ export_id: id, change_id }));
      await db.insertInto('export_reversals').values(values).execute();
    }

    const by = [...new Set([...postedDeposits, ...postedReversals].map((row) => row.export_id))];
    const postedBy = by.length
      ? (await db.selectFrom('exports').selectAll().where('id', 'in', by).orderBy('id', 'desc').execute()).map(
          toExportRecord,
        )
      : [];
    return {
      id,
      deposits: Number(n),
      changeIds,
      alreadyPosted: {
        deposits: new Set(postedDeposits.map((row) => row.batch_id)).size,
        reversals: reposted.size,
      },
      postedBy,
    };
  });
}

/** What the exports before this one already posted of a scope: the pre-check the UI asks first. */
export async function postedInScope(
  reader: Pick<WritableDB, 'db'>,
  scope: ExportValues['scope'],
  changeIds: readonly number[],
): Promise<ExportRecord[]> {
  const { db } = reader;
  const ids = new Set(
    (
      await db
        .selectFrom('export_deposits')
        .select('export_id')
        .distinct()
        .where('batch_id', 'in', glScope(db, scope).select('g.batch_id'))
        .execute()
    ).map((row) => row.export_id),
  );
  for (let at = 0; at < changeIds.length; at += CHUNK) {
    const rows = await db
      .selectFrom('export_reversals')
      .select('export_id')
      .distinct()
      .where('change_id', 'in', changeIds.slice(at, at + CHUNK) as number[])
      .execute();
    for (const row of rows) ids.add(row.export_id);
  }
  if (ids.size === 0) return [];
  const rows = await db
    .selectFrom('exports')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toExportRecord);
}
