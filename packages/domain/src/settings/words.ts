import { formatNumber, type TFormatLocale } from '../format/format';
import type { nodeSettingsUiNl } from '../i18n/ui-node-settings';
import { isSettingOff, SETTINGS, type TSetting } from './catalogue';

/** The words a setting's name and value are written in: the settings tab's texts (nl, en) or the report's German. */
export type TSettingWords = Pick<(typeof nodeSettingsUiNl)['nodeSettings'], 'fields' | 'units' | 'modes' | 'on' | 'off' | 'unknown'>;

export const settingById = (id: string): TSetting | undefined => SETTINGS.find((setting) => setting.id === id);

/**
 * A setting's value in words as the settings tab writes it (docs/node-settings.md, "Units and off"):
 * '15 min', '6 uur', '55 °C', 'Uit' for a flush temperature at its off value, 'Aan'/'Uit' for a
 * toggle, a measure mode by name; 'Onbekend' when there is none.
 */
export function settingValueWords(setting: TSetting, value: unknown, words: TSettingWords, locale: TFormatLocale): string {
  if (value === undefined || value === null) return words.unknown;
  switch (setting.kind) {
    case 'flushToggle':
      return value === 1 || value === true ? words.on : words.off;
    case 'overflowToggle':
      return (typeof value === 'number' && value > 0) || value === true ? words.on : words.off;
    case 'mode':
      return typeof value === 'string' && Object.hasOwn(words.modes, value) ? words.modes[value as keyof TSettingWords['modes']] : String(value);
    case 'number': {
      if (typeof value !== 'number') return String(value);
      if (isSettingOff(setting, value)) return words.off;
      const text = formatNumber(value, locale, { maxDecimals: setting.rule?.decimals ?? 0 });
      return setting.unit ? `${text}\u00A0${words.units[setting.unit]}` : text;
    }
  }
}

/** 'Loginterval: 10 min → 15 min'; a setting the catalogue does not know keeps its id. */
export function settingChangeWords(change: { setting: string; from: unknown; to: unknown }, words: TSettingWords, locale: TFormatLocale): string {
  const setting = settingById(change.setting);
  if (!setting) return `${change.setting}: ${String(change.from ?? '-')} → ${String(change.to ?? '-')}`;
  const name = words.fields[setting.id];
  return `${name}: ${settingValueWords(setting, change.from, words, locale)} → ${settingValueWords(setting, change.to, words, locale)}`;
}
