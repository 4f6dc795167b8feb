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

/**
 * Connecting to PostgreSQL, and waiting for a free connection of a pool (pg-pool counts both):
 * failed after this as an outage (503, the intake spools). Far above a connection's usual
 * milliseconds, and as long as the API statement timeout, so that a request queued behind a
 * saturated API pool can still get a connection freed by a statement ending or being cancelled.
 */
export const CONNECT_TIMEOUT_MS = 10_000;
/**
 * A transaction left open and idle (its client hung or gone) is ended by PostgreSQL after this,
 * so its locks and connection come free. Above anything the server does inside a transaction
 * between two statements (the mail sender holds its row lock while it talks to the mail server:
 * connection 10 s, greeting 10 s, socket 30 s, mail-transport.ts).
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 300_000;
/** TCP keepalive on every connection: a connection silently dropped on the way (NAT, firewall) is noticed by the kernel. */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000;
/**
 * The hang watch (db/hang-watch.ts): `SELECT 1` on a connection of its own every 250 ms, answered
 * within 1 s or PostgreSQL counts as hung. A hang is noticed within 1.25 s, so the API and
 * `/readyz` answer 503 within 2 s of it; `SELECT 1` takes milliseconds even on a busy server.
 */
export const HANG_WATCH = { everyMs: 250, deadlineMs: 1_000 } as const;
