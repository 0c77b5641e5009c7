/**
 * Bank statements and their lines (DESIGN.md §10): stored in one synchronous transaction, so a
 * statement is there with all its new lines or not at all. The importer hands in plain rows; this
 * module knows nothing of the parsers.
 */
import type { BankStatementFormat } from '../../../shared/domain';
import { inTransaction, type ReadableDB, type WritableDB } from './handles';
import type { BankStatementRow } from './schema';
import { statement } from './statements';

export interface StatementLineRow {
  account: string;
  postedDate: string;
  amountCents: number;
  typeCode: string;
  bankReference: string;
  text: string;
  raw: string;
  identity: string;
  lineNumber: number;
}

export interface NewStatement {
  fileName: string;
  sha256: string;
  format: BankStatementFormat;
  from: string;
  to: string;
  importedAt: string;
  importedBy: string;
  accounts: { account: string; currency: string | null }[];
  lines: StatementLineRow[];
}

export interface StoredStatement {
  statementId: number;
  alreadyImported: boolean;
  newLines: number;
  /** The stored id of every line of the file, new or already there, in file order. */
  lineIds: number[];
}

export function statementBySha({ sqlite }: ReadableDB, sha256: string): BankStatementRow | undefined {
  return statement(sqlite, 'SELECT * FROM bank_statements WHERE sha256 = ?').get(sha256) as
    BankStatementRow | undefined;
}

/**
 * Stores a statement and the lines no earlier statement brought (same account and identity), in one
 * transaction. A file whose SHA-256 is already recorded adds nothing: its lines are looked up only.
 */
export function storeStatement(writer: WritableDB, values: NewStatement): StoredStatement {
  const { sqlite } = writer;
  return inTransaction(writer, () => {
    const known = statementBySha(writer, values.sha256);
    if (known) {
      return { statementId: known.id, alreadyImported: true, newLines: 0, lineIds: lookUpLines(writer, values.lines) };
    }
    const accountIds = ensureAccounts(writer, values.accounts, values.lines, values.importedAt);
    const statementId = Number(
      statement(
        sqlite,
        `INSERT INTO bank_statements (file_name, sha256, format, from_date, to_date, line_count, new_line_count, imported_at, imported_by)
         VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      ).run(
        values.fileName,
        values.sha256,
        values.format,
        values.from,
        values.to,
        values.lines.length,
        values.importedAt,
        values.importedBy,
      ).lastInsertRowid,
    );
    const insert = statement(
      sqlite,
      `INSERT INTO bank_lines (account_id, statement_id, posted_date, amount_cents, type_code, bank_reference, text, raw, identity, line_number)
       VALUES (@accountId, @statementId, @postedDate, @amountCents, @typeCode, @bankReference, @text, @raw, @identity, @lineNumber)
       ON CONFLICT (account_id, identity) DO NOTHING`,
    );
    let newLines = 0;
    for (const line of values.lines) {
      newLines += insert.run({ ...line, accountId: accountIds.get(line.account), statementId }).changes;
    }
    statement(sqlite, 'UPDATE bank_statements SET new_line_count = ? WHERE id = ?').run(newLines, statementId);
    return { statementId, alreadyImported: false, newLines, lineIds: lookUpLines(writer, values.lines) };
  });
}

function ensureAccounts(
  { sqlite }: WritableDB,
  accounts: NewStatement['accounts'],
  lines: StatementLineRow[],
  at: string,
): Map<string, number> {
  const currencies = new Map<string, string | null>(accounts.map((a) => [a.account, a.currency]));
  for (const line of lines) if (!currencies.has(line.account)) currencies.set(line.account, null);
  const insert = statement(
    sqlite,
    `INSERT INTO bank_accounts (number, currency, first_seen_at) VALUES (?, ?, ?)
     ON CONFLICT (number) DO UPDATE SET currency = COALESCE(bank_accounts.currency, excluded.currency)`,
  );
  const find = statement(sqlite, 'SELECT id FROM bank_accounts WHERE number = ?');
  const ids = new Map<string, number>();
  for (const [account, currency] of currencies) {
    insert.run(account, currency, at);
    ids.set(account, (find.get(account) as { id: number }).id);
  }
  return ids;
}

function lookUpLines({ sqlite }: ReadableDB, lines: StatementLineRow[]): number[] {
  const find = statement(
    sqlite,
    `SELECT l.id FROM bank_lines l JOIN bank_accounts a ON a.id = l.account_id WHERE a.number = ? AND l.identity = ?`,
  );
  return lines.map((line) => (find.get(line.account, line.identity) as { id: number } | undefined)?.id ?? 0);
}

export function listStatementRows({ sqlite }: ReadableDB, limit: number): BankStatementRow[] {
  return statement(sqlite, 'SELECT * FROM bank_statements ORDER BY id DESC LIMIT ?').all(limit) as BankStatementRow[];
}

export function getStatementRow({ sqlite }: ReadableDB, id: number): BankStatementRow | undefined {
  return statement(sqlite, 'SELECT * FROM bank_statements WHERE id = ?').get(id) as BankStatementRow | undefined;
}

/** The first day any statement covers: batches before it cannot be said to be in transit. */
export function firstStatementDate({ sqlite }: ReadableDB): string | null {
  return (statement(sqlite, 'SELECT MIN(from_date) AS d FROM bank_statements').get() as { d: string | null }).d;
}
