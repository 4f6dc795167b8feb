/**
 * What the fleet simulator shares with the demo data (package entry `@aquasmart/server/demo`):
 * the planned demo fleet, its network server and the seeded random source, so the simulator
 * replays the same nodes `npm start` seeds without reaching into the server's files.
 */
export { demoFleet } from './fleet';
export { DEMO_NETWORK_SERVER } from './network-server';
export { DAY_MS, DemoRandom, HOUR_MS, MINUTE_MS, round } from './random';
