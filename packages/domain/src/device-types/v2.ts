import { REGISTER_1_V1_V2, V2_FLUSH, V2_PERIODS, V2_SYSTEM } from '../codec/registers';
import type { TDeviceProfile } from './profile';

/** V2: three temperature channels, a flushing faucet with weekly periods (register 4), water detection. */
export const V2_PROFILE: TDeviceProfile = {
  type: 'V2',
  temperatureChannels: 3,
  messageIds: { temperature: 42, battery: 40, flush: 50, overflow: 52, parameters: 62, version: 72 },
  registers: { 1: REGISTER_1_V1_V2, 2: V2_SYSTEM, 3: V2_FLUSH, 4: V2_PERIODS },
  systemRegister: 2,
  inputs: { kind: 'list', turnTimes: false },
  flush: { register: 3, stopThreshold: true, periods: { register: 4, weekly: true } },
  fieldNames: { sendInterval: 'sendinterval', calibrationDuration: 'calibration-duration' },
};
