import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '../constants';

/**
 * Each language named in itself, so that a user can always find their own; French and German say,
 * in their own words, that their text is English (docs/screens.md, "Menu, tabs, login and languages").
 */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  nl: 'Nederlands',
  en: 'English',
  fr: 'Français (texte en anglais)',
  de: 'Deutsch (Text auf Englisch)',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A first visit (nothing picked in this browser): the first of the browser's languages (most
 * preferred first: `navigator.languages` in the web app, Accept-Language ranked by weight on the
 * server's first paint of /login) that the portal offers, by its primary tag (`en-US` is `en`);
 * none of them: Dutch, the default.
 */
export function browserLanguage(languages: readonly string[] | undefined): TLanguage {
  for (const tag of languages ?? []) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The language of the text on screen: French and German show English (for `<html lang>` and the date fields). */
export function textLanguage(language: string): 'nl' | 'en' {
  return language === 'nl' ? 'nl' : 'en';
}
