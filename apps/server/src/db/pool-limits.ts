/**
 * The two PostgreSQL pools of the server (db/client.ts; docs/operations-limits.md). Kept apart
 * from the client so that the configuration can name the defaults without loading the drivers.
 */

/** Long enough for any list the API answers; short enough that a stuck read frees its connection soon. */
export const API_STATEMENT_TIMEOUT_MS = 10_000;
/** The API's connections (the size the pool had before it was split). */
export const API_POOL_SIZE = 10;
/**
 * The system's connections: the intake writer has at most 2 INSERTs in flight, plus the worker,
 * the downlink sender and health checks, plus the maintenance jobs (vacuum, intake retention), so
 * that their statements do not make the intake wait.
 */
export const SYSTEM_POOL_SIZE = 6;
