/**
 * A query's rows in chunks through a server-side cursor (DECLARE … FETCH), inside the transaction
 * the rows are read in (an export's snapshot holds one open for its whole length): the engine holds
 * one chunk at a time, however many rows the query has, as SQLite's iterator does.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../schema';

let cursors = 0;

export async function* fetchInChunks<R>(
  trx: Kysely<Database>,
  query: CompiledQuery<R>,
  chunkRows: number,
): AsyncGenerator<R[]> {
  if (!trx.isTransaction) throw new Error('A cursor lives in a transaction: stream from a snapshot (openSnapshot).');
  const name = sql.id(`stream_${++cursors}`);
  // The query's own parameters bind in DECLARE as they would in the query.
  await trx.executeQuery({ ...query, sql: `DECLARE stream_${cursors} NO SCROLL CURSOR FOR ${query.sql}` });
  let finished = false;
  try {
    for (;;) {
      const { rows } = await sql<R>`FETCH FORWARD ${sql.lit(chunkRows)} FROM ${name}`.execute(trx);
      if (rows.length) yield rows;
      if (rows.length < chunkRows) break;
    }
    finished = true;
  } finally {
    // A reader that stopped early (or failed) leaves the transaction usable for the next read.
    if (!finished) await sql`CLOSE ${name}`.execute(trx).catch(() => undefined);
    else await sql`CLOSE ${name}`.execute(trx);
  }
}
