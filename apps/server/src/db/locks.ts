/**
 * Advisory lock ids: any number, the same in every copy of the server. Migrations take 7_331_001
 * (db/migrate.ts), history partitions 7_331_002 (db/partitions.ts), administrator changes 7_331_003
 * (modules/users/user-service.ts).
 */

/**
 * Copies starting together on an empty database create the first administrator and the demo data
 * one after another under this lock, so only the first creates them (bootstrap/first-admin.ts,
 * demo/seed.ts).
 */
export const BOOTSTRAP_LOCK_ID = 7_331_004;
