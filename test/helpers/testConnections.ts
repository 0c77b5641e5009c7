/** Apart from postgres.ts, which loads vitest: a spawned engine process (killRunner.ts) reads it too. */

/**
 * Connections per pool of a test engine on PostgreSQL (EngineOptions.databaseConnections). Each
 * new connection costs the server a backend start in a database it has not served yet, and an
 * engine's first reads in parallel opened up to ten: measured over the node-postgres project, the
 * server's CPU 2 per pool against 10. Two keeps concurrency (a leader's connection beside a write).
 */
export const TEST_DATABASE_CONNECTIONS = 2;
