import { V3_SYSTEM } from '../codec/registers';
import type { TDeviceProfile } from './profile';

/** V3: two temperature channels with flow switches; no faucet, so no flush or overflow messages. */
export const V3_PROFILE: TDeviceProfile = {
  type: 'V3',
  temperatureChannels: 2,
  messageIds: { temperature: 32, battery: 36, parameters: 64, version: 74 },
  registers: { 1: V3_SYSTEM },
  systemRegister: 1,
  inputs: { kind: 'list', turnTimes: true },
  flush: null,
  fieldNames: { sendInterval: 'sendInterval', calibrationDuration: 'calibrationDuration' },
};
