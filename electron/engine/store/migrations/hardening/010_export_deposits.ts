import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 16: an export claims the deposits it posts.
 *
 * export_deposits: which export posts which deposit (batch). An export claims its deposits and
 * reversals in one write transaction before it writes a file, leaving out what another export
 * (done, or still pending) already claimed, so two exports of overlapping ranges, even at the same
 * moment on two servers, post each deposit once. Written with kysely's schema builder, as every
 * migration from here on, so the same migration runs on SQLite and PostgreSQL.
 *
 * Exports made before this migration are backfilled from their range and filters: the deposits
 * whose GL batches they covered, as the GL rows stand now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_deposits')
    .addColumn('export_id', 'integer', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('export_deposits_pk', ['export_id', 'batch_id'])
    .execute();
  await db.schema.createIndex('export_deposits_batch').on('export_deposits').column('batch_id').execute();

  const exports = await db
    .selectFrom('exports')
    .select(['id', 'from_date', 'to_date', 'payee_ids', 'methods'])
    .where('status', '=', 'done')
    .execute();
  for (const done of exports as Array<{
    id: number;
    from_date: string;
    to_date: string;
    payee_ids: string;
    methods: string;
  }>) {
    const payeeIds = JSON.parse(done.payee_ids) as number[];
    const methods = JSON.parse(done.methods) as string[];
    let covered = db
      .selectFrom('gl_batches as g')
      .leftJoin('batches as b', 'b.id', 'g.batch_id')
      .select((eb) => [eb.cast<number>(eb.val(done.id), 'integer').as('export_id'), 'g.batch_id'])
      .distinct()
      .where('g.date', '>=', done.from_date)
      .where('g.date', '<=', done.to_date);
    if (payeeIds.length) covered = covered.where('g.payee_id', 'in', payeeIds);
    if (methods.length) covered = covered.where('b.payment_method', 'in', methods);
    await db.insertInto('export_deposits').columns(['export_id', 'batch_id']).expression(covered).execute();
  }
}
