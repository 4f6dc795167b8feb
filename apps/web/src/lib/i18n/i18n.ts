import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  catalogues,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  browserLanguage,
  isLanguage,
  textLanguage,
  localizedParams,
  parseMessageKey,
  type TLanguage,
  type USER_LANGUAGES,
} from '@aquasmart/domain';
import { readStorage, writeStorage } from '../session/browser-storage';

export { browserLanguage, isLanguage, LANGUAGE_NAMES, textLanguage } from '@aquasmart/domain';

/** The language the user picked in this browser (it wins over the account's language). */
export const LANGUAGE_STORAGE_KEY = 'aquasmart.language';

/** The language a user account can store for a screen language: French and German read English (e-mails too). */
export type TAccountLanguage = (typeof USER_LANGUAGES)[number];
export function accountLanguageFor(language: TLanguage): TAccountLanguage {
  return language === 'nl' ? 'nl' : 'en';
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}


export function storedLanguage(): TLanguage | null {
  const value = readStorage('local', LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/**
 * nl is the default and en the fallback; fr and de have no texts of their own and show English
 * (docs/screens.md, "Menu, tabs, login and languages"). It starts in the language picked in this
 * browser, else the browser's own; the account's language replaces the latter once it is known.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: catalogues,
  lng: storedLanguage() ?? browserLanguage(navigatorLanguages()),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** `<html lang>` names the language of the text, so a screen reader reads the English of fr and de as English. */
function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = textLanguage(language);
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * The user picked a language in the portal: remember it in this browser, also as a cookie for the
 * server's first paint of /login (the user menu saves it in the account too).
 */
export function chooseLanguage(language: TLanguage): void {
  writeStorage('local', LANGUAGE_STORAGE_KEY, language);
  if (typeof document !== 'undefined') document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
  void i18n.changeLanguage(language);
}

/**
 * The server returned the account's language: it replaces the default, unless the user has
 * picked a language in this browser.
 */
export function applyAccountLanguage(language: string | null | undefined): void {
  if (storedLanguage() !== null || !isLanguage(language) || language === i18n.language) return;
  void i18n.changeLanguage(language);
}

/** Translates an encoded message key (`validation.range?min=1&max=60`); numbers the reader's way ("-102,4" in Dutch). */
export function translateMessage(t: TFunction, encoded: string): string {
  const { key, params } = parseMessageKey(encoded);
  return t(key, localizedParams(params, i18n.language));
}
