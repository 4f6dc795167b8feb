/**
 * The server for another process to run in itself (package entry `@aquasmart/server/embedded`):
 * the ingest benchmark builds the real app on its own database and provisions its fleet; the soak
 * test starts the portal as `npm start` does (`startPortal`) and adds its fleet.
 */
export { buildApp } from './app';
export { startPortal } from './bootstrap/start-portal';
export { loadConfig } from './config';
export { openDatabase } from './db/client';
export { queryRows } from './db/database';
export { ensureHistoryPartitions } from './db/partitions';
export { networkServers, users, userCustomers } from './db/schema';
export { issueToken } from './identity/tokens';
export { insertUnassignedDevices } from './modules/devices/device-provisioning';
