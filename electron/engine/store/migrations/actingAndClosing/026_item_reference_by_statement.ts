import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Frozen. Issue 31 (PostgreSQL's full sync within 1.3x of SQLite's): on PostgreSQL an item's
 * reference to its transaction is checked once per statement instead of once per row. SQLite keeps
 * its foreign key, whose check is an index lookup.
 *
 * PostgreSQL checks a foreign key row by row, each check a query that also locks the referenced row
 * (SELECT … FOR KEY SHARE), which writes to that row's page. A full sync inserts ~1.07 items per
 * transaction, and those checks cost the server ~1.5 s of CPU per 300,000 items (scratch
 * measurement, five runs with and without; ~19% of the server's CPU while the sync's pages were
 * written, perf), on a 2-core machine where the server's CPU is taken from the sync itself.
 *
 * The same rules, kept by statement-level triggers that see a whole statement's rows at once
 * (transition tables):
 * - an item inserted, or updated, must name a stored transaction (SQLSTATE 23503, as the foreign
 *   key raised);
 * - a transaction deleted takes its items with it (the key's ON DELETE CASCADE);
 * - a transaction's id cannot change while an item names it (the key's NO ACTION on update).
 * What they do not do is lock the transaction against a concurrent delete while the item's unit is
 * open: nothing in the engine deletes a transaction, and the sync writes an item in the same unit
 * as its transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const statements = [
    `ALTER TABLE transaction_items DROP CONSTRAINT transaction_items_transaction_id_fkey`,
    `CREATE FUNCTION transaction_items_name_stored_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       missing BIGINT;
     BEGIN
       SELECT i.transaction_id INTO missing FROM written_items i
         WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = i.transaction_id) LIMIT 1;
       IF FOUND THEN
         RAISE EXCEPTION 'transaction item names transaction %, which is not stored', missing
           USING ERRCODE = 'foreign_key_violation', TABLE = 'transaction_items';
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER transaction_items_inserted AFTER INSERT ON transaction_items
       REFERENCING NEW TABLE AS written_items FOR EACH STATEMENT
       EXECUTE FUNCTION transaction_items_name_stored_transactions()`,
    `CREATE TRIGGER transaction_items_updated AFTER UPDATE ON transaction_items
       REFERENCING NEW TABLE AS written_items FOR EACH STATEMENT
       EXECUTE FUNCTION transaction_items_name_stored_transactions()`,
    `CREATE FUNCTION transactions_take_their_items() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       DELETE FROM transaction_items i USING gone_transactions g WHERE i.transaction_id = g.id;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER transactions_deleted AFTER DELETE ON transactions
       REFERENCING OLD TABLE AS gone_transactions FOR EACH STATEMENT
       EXECUTE FUNCTION transactions_take_their_items()`,
    `CREATE FUNCTION transactions_keep_named_ids() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.id IS DISTINCT FROM OLD.id
          AND EXISTS (SELECT 1 FROM transaction_items i WHERE i.transaction_id = OLD.id) THEN
         RAISE EXCEPTION 'transaction % is named by its items; its id cannot change', OLD.id
           USING ERRCODE = 'foreign_key_violation', TABLE = 'transactions';
       END IF;
       RETURN NEW;
     END $$`,
    // A row trigger, since a statement's transition tables cannot be had for one column's updates.
    // OF id: it fires only for an UPDATE that sets id, which the engine never does; the sync's
    // updates of other columns pay nothing.
    `CREATE TRIGGER transactions_id_changed BEFORE UPDATE OF id ON transactions
       FOR EACH ROW EXECUTE FUNCTION transactions_keep_named_ids()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
