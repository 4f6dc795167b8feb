import { sameValue, SETTING_GROUPS, settingGroupOf, type TDeviceType, type TSettingGroup } from '@aquasmart/domain';

/**
 * The setting-entry paths a change needs: one per group (rights catalogue, `registers.<group>`;
 * which field is in which group: `settingGroupOf` in the domain's settings catalogue) of the
 * fields whose value changes. Fields left out keep their value (the register is merged), so they
 * need no right.
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
    groups.add(settingGroupOf(type, register, field));
  }
  return [...groups].map((group) => SETTING_GROUPS[group]);
}
