/**
 * The two databases: opening SQLite and PostgreSQL, bulk writes, search folding, planner statistics.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export type { Dialect, Snapshot } from './dialect';
export { typedColumns } from './bulkStatements';
export type { BulkStatement, BulkInsert, BulkUpdate, BulkDelete, BulkRows } from './bulkStatements';
export { textLike, likePattern } from './textSearch';
export { readJsonRows, type JsonRows, type JsonRowsValue } from './jsonRows';
export type { TextSearch, NewestMatches, Clause, ColumnRef } from './textSearch';
export { sqliteDialect } from './sqlite/dialect';
export { postgresDialect } from './postgres/dialect';
export { rowsPerWriteUnit, withBulkCheckpoints, compiledOnce } from './bulk';
export { inBackground } from './backgroundWork';
export { columnarInsert, columnarUpdate, arrayParameter } from './columnarRows';
export type { ColumnType, Column } from './columnarRows';
export { announcements } from './postgres/announcements';
export { BASELINE_VERSION, BASELINE_NAME, BASELINE_EXTENSIONS, BASELINE_STATEMENTS } from './postgres/schema/baseline';
export { copySqliteToPostgres } from './postgres/copyFromSqlite';
export type { CopiedTable } from './postgres/copyFromSqlite';
export { DatabaseUrlError, parseDatabaseUrl, redactDatabaseUrl, tlsOptions } from './postgres/databaseUrl';
export type { SslMode, DatabaseUrl } from './postgres/databaseUrl';
export { openPostgresEngineStore } from './postgres/engineStore';
export type { PostgresEngineStoreOptions } from './postgres/engineStore';
export { withLeadership } from './postgres/leadership';
export type { Leadership } from './postgres/leadership';
export { MIGRATION_LOCK, leadershipLock } from './postgres/locks';
export type { AdvisoryLock } from './postgres/locks';
export { VERSION_TABLE, migratePostgres, currentVersion } from './postgres/schema/migrate';
export type { MigrateOptions, MigrateResult } from './postgres/schema/migrate';
export { openPostgresStore } from './postgres/open';
export type { PostgresStore, OpenPostgresOptions } from './postgres/open';
export { foldForSearch } from './searchFold';
export { StoreError, StoreDamagedError, openStore, migrate } from './sqlite/open';
export type { Store, Announcements, Lead, SqliteStore, OpenOptions } from './sqlite/open';
export { damagedDatabaseError, openStoreForReading } from './sqlite/readOnly';
export { statement, withStatementCache } from './sqlite/statements';
export { SYNCED_TABLES, refreshPlannerStatistics } from './statistics';
export type { SyncedTable } from './statistics';
