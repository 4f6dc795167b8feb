export { PROFILES } from '../device-types';

/** fPort of every settings downlink (all types): a sequence of registers. */
export const SETTINGS_FPORT = 100;
/** Largest downlink payload that every EU868 data rate carries (DR0-DR2: 51 bytes). */
export const MAX_DOWNLINK_BYTES = 51;
