import { REGISTER_1_V1_V2, V1_FLUSH, V1_SYSTEM } from '../codec/registers';
import type { TDeviceProfile } from './profile';

/** V1: one temperature channel, a flushing faucet and water (overflow) detection. */
export const V1_PROFILE: TDeviceProfile = {
  type: 'V1',
  temperatureChannels: 1,
  messageIds: { temperature: 34, battery: 40, flush: 50, overflow: 52, parameters: 60, version: 70 },
  registers: { 1: REGISTER_1_V1_V2, 2: V1_SYSTEM, 3: V1_FLUSH },
  systemRegister: 2,
  inputs: { kind: 'mode' },
  flush: { register: 3, stopThreshold: false, periods: { register: 3, weekly: false } },
  fieldNames: { sendInterval: 'sendinterval', calibrationDuration: 'calibration-duration' },
};
