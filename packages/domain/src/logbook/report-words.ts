import { nodeSettingsUiEn, nodeSettingsUiNl, nodeSettingsWordsDe } from '../i18n/ui-node-settings';
import { settingChangeWords, type TSettingWords } from '../settings/words';
import type { TLogbookReportLanguage, TLogbookSettingChange } from './report';

/** The words of node settings in a report language: the settings tab's (nl, en), the report's German. */
const SETTING_WORDS: Record<TLogbookReportLanguage, TSettingWords> = { nl: nodeSettingsUiNl.nodeSettings, en: nodeSettingsUiEn.nodeSettings, de: nodeSettingsWordsDe };

/**
 * A change's details in the report's language (docs/logbook.md, "Changes"): the settings changed in
 * words with their units ("Loginterval: 10 min → 15 min"), then the rest of its details as recorded.
 */
export function changeDetailsWords(value: { details: string; settings: readonly TLogbookSettingChange[] }, language: TLogbookReportLanguage): string {
  const settings = value.settings.map((change) => settingChangeWords(change, SETTING_WORDS[language], language));
  return [...settings, ...(value.details ? [value.details] : [])].join('; ');
}
