import type { TDeviceType } from '../constants';
import type { TDeviceProfile } from './types';
import { V1_PROFILE } from './v1';
import { V2_PROFILE } from './v2';
import { V3_PROFILE } from './v3';

export const PROFILES: Readonly<Record<TDeviceType, TDeviceProfile>> = { V1: V1_PROFILE, V2: V2_PROFILE, V3: V3_PROFILE };

/** fPort of every settings downlink (all types): a sequence of registers. */
export const SETTINGS_FPORT = 100;
/** Largest downlink payload that every EU868 data rate carries (DR0-DR2: 51 bytes). */
export const MAX_DOWNLINK_BYTES = 51;
