import { V3_SYSTEM } from './registers';
import type { TDeviceProfile } from './types';

/** V3: two temperature channels with flow switches; no faucet, so no flush or overflow messages. */
export const V3_PROFILE: TDeviceProfile = {
  type: 'V3',
  temperatureChannels: 2,
  messageIds: { temperature: 32, battery: 36, parameters: 64, version: 74 },
  registers: { 1: V3_SYSTEM },
};
