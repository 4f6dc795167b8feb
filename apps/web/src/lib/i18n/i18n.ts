import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  catalogues,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  localizedParams,
  parseMessageKey,
  type TLanguage,
} from '@aquasmart/domain';
import { readStorage, writeStorage } from '../session/browser-storage';

/** The language the user picked in this browser (it wins over the account's language). */
export const LANGUAGE_STORAGE_KEY = 'aquasmart.language';

/** Each language named in itself, so that a user can always find their own. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  nl: 'Nederlands',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): TLanguage | null {
  const value = readStorage('local', LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/**
 * nl is the default and en the fallback; fr and de have no texts of their own and show English
 * (docs/screens.md, "Menu, tabs, login and languages").
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: catalogues,
  lng: storedLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The user picked a language in the portal: remember it in this browser (and for the server's first paint of /login). */
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
