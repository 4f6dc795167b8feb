import { EventEmitter } from 'node:events';

/**
 * In-process notices of what happened to a device, after the change is committed, for listeners in
 * the same process. The only listener today: `npm start` in demo mode passes battery swaps on to
 * the demo fleet simulator, so a demo node reports a full battery after a swap (docs/simulator.md).
 */
export const deviceEvents = new EventEmitter<{ batterySwap: [eui: string] }>();
