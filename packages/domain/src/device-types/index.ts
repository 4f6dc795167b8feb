import { DEVICE_TYPES, type TDeviceType } from '../constants';
import type { TDeviceProfile } from './profile';
import { V1_PROFILE } from './v1';
import { V2_PROFILE } from './v2';
import { V3_PROFILE } from './v3';

export type { TDeviceProfile } from './profile';

/** One profile per type: adding a type to DEVICE_TYPES makes the compiler ask for its profile here. */
export const PROFILES: Readonly<Record<TDeviceType, TDeviceProfile>> = { V1: V1_PROFILE, V2: V2_PROFILE, V3: V3_PROFILE };

export function isDeviceType(type: unknown): type is TDeviceType {
  return (DEVICE_TYPES as readonly unknown[]).includes(type);
}

/** The types whose profile says so, in DEVICE_TYPES order. */
export function typesWhere(predicate: (profile: TDeviceProfile) => boolean): TDeviceType[] {
  return DEVICE_TYPES.filter((type) => predicate(PROFILES[type]));
}

/** A table per type derived from the profiles. */
export function perType<T>(derive: (profile: TDeviceProfile) => T): Readonly<Record<TDeviceType, T>> {
  return Object.fromEntries(DEVICE_TYPES.map((type) => [type, derive(PROFILES[type])])) as Record<TDeviceType, T>;
}

/** Temperature channels per type. */
export const TEMPERATURE_CHANNEL_COUNT = perType((profile) => profile.temperatureChannels);

/** The registers a type has, ascending. */
export const registersOf = (type: TDeviceType): number[] => Object.keys(PROFILES[type].registers).map(Number).sort((a, b) => a - b);

/** The register holding the inputs[] list, if the type has one. */
export const inputsRegisterOf = (type: TDeviceType): number | undefined => (PROFILES[type].inputs.kind === 'list' ? PROFILES[type].systemRegister : undefined);

/** The register holding the flush periods, if the type flushes. */
export const periodsRegisterOf = (type: TDeviceType): number | undefined => PROFILES[type].flush?.periods.register;

/** The inputs have turn-on and turn-off times (flow switches: V3). */
export const hasTurnTimes = (type: TDeviceType): boolean => {
  const inputs = PROFILES[type].inputs;
  return inputs.kind === 'list' && inputs.turnTimes;
};

/** The flush periods are weekly, with weekdays and a flush count each (V2). */
export const weeklyPeriods = (type: TDeviceType): boolean => PROFILES[type].flush?.periods.weekly === true;
