import { sameValue, SETTING_GROUPS, type TDeviceType } from '@aquasmart/domain';

type TSettingGroup = keyof typeof SETTING_GROUPS;

/**
 * Which setting group (rights catalogue, `registers.<group>`) each register field belongs to.
 * Register layout: docs/node-settings.md; the groups: docs/telemetry.md ("Downlinks"). A field not named
 * here counts as `system`, the group only administrators hold.
 */
const FIELD_GROUPS: Record<string, TSettingGroup> = {
  logInterval: 'inputs',
  mode: 'inputs',
  inputs: 'inputs',
  enabled: 'flush',
  flushtime: 'flush',
  flushCycles: 'flush',
  highTempFlushtime: 'flush',
  highTempFlushdelay: 'flush',
  flushStartThreshold: 'flush',
  flushStopThreshold: 'flush',
  'flush-periods': 'flush',
};

/** Register 1 of V1/V2 (send interval, battery threshold, calibration duration) is all system. */
function groupOf(type: TDeviceType, register: number, field: string): TSettingGroup {
  if (register === 1 && type !== 'V3') return 'system';
  if (register === 4 && type === 'V2') return 'flush';
  return FIELD_GROUPS[field] ?? 'system';
}

/**
 * The setting-entry paths a change needs: one per group of the fields whose value changes.
 * Fields left out keep their value (the register is merged), so they need no right.
 */
export function settingEntriesFor(
  type: TDeviceType,
  register: number,
  previous: Record<string, unknown> | null,
  next: Record<string, unknown>,
): string[] {
  const groups = new Set<TSettingGroup>();
  for (const field of Object.keys(next)) {
    if (previous && sameValue(previous[field], next[field])) continue;
    groups.add(groupOf(type, register, field));
  }
  return [...groups].map((group) => SETTING_GROUPS[group]);
}
