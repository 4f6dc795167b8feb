import { describe, expect, it } from 'vitest';
import { accountLanguageFor, applyAccountLanguage, browserLanguage, chooseLanguage, i18n, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, storedLanguage, translateMessage } from './i18n';

describe('i18n', () => {
  it('starts in Dutch with the shared messages', () => {
    expect(i18n.language).toBe('nl');
    expect(i18n.t('validation.required')).toBe('Veld is verplicht');
    expect(i18n.t('errors.invalidCredentials')).toBe('Ongeldig e-mailadres of wachtwoord.');
    expect(i18n.t('routes.notFound')).toBe('Pagina niet gevonden');
  });

  it.each([
    ['nl', 'Klanten', '1 - 25 van 120'],
    ['en', 'Customers', '1 - 25 of 120'],
    ['fr', 'Customers', '1 - 25 of 120'],
    ['de', 'Customers', '1 - 25 of 120'],
  ])('%s shows its texts, French and German fall back to English', async (language, customers, footer) => {
    await i18n.changeLanguage(language);
    expect(i18n.t('routes.customers')).toBe(customers);
    expect(i18n.t('table.displayedRows', { from: 1, to: 25, count: 120 })).toBe(footer);
  });

  it.each([
    ['validation.required', 'Veld is verplicht'],
    ['validation.range?min=1&max=60', 'Waarde moet tussen de 1 en 60 zijn'],
    ['validation.range?min=-102.4&max=100', 'Waarde moet tussen de -102,4 en 100 zijn'],
    ['validation.range?min=0&max=1250', 'Waarde moet tussen de 0 en 1250 zijn'],
    ['validation.decimals?N=3', 'Waarde mag maximaal 3 decimalen hebben'],
    ['validation.password?min=8', 'Minimaal 8 tekens'],
  ])('translates the encoded message key %s', (encoded, text) => {
    expect(translateMessage(i18n.t, encoded)).toBe(text);
  });

  it('lets the account language replace the default', async () => {
    applyAccountLanguage('en');
    await Promise.resolve();
    expect(i18n.language).toBe('en');
  });

  it('keeps a language picked in this browser over the account language', () => {
    chooseLanguage('de');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(storedLanguage()).toBe('de');
    applyAccountLanguage('nl');
    expect(i18n.language).toBe('de');
  });

  it.each([
    [['nl-NL', 'nl', 'en-US', 'en'], 'nl'],
    [['nl-BE'], 'nl'],
    [['en-US', 'en'], 'en'],
    [['en-GB'], 'en'],
    [['EN'], 'en'],
    [['fr-FR', 'fr'], 'fr'],
    [['de-DE'], 'de'],
    [['de-AT', 'en'], 'de'],
    // The first language the portal offers, in the browser's order.
    [['es-ES', 'en-US'], 'en'],
    [['pl', 'de'], 'de'],
    // None the portal offers, or none at all: Dutch, the default.
    [['es-ES', 'it'], 'nl'],
    [['zh-Hans-CN'], 'nl'],
    [[], 'nl'],
    [undefined, 'nl'],
  ] as const)('a first visit with browser languages %j starts in %s', (languages, language) => {
    expect(browserLanguage(languages)).toBe(language);
  });

  it('names French and German honestly: their text is English', () => {
    expect(LANGUAGE_NAMES).toEqual({ nl: 'Nederlands', en: 'English', fr: 'Français (texte en anglais)', de: 'Deutsch (Text auf Englisch)' });
  });

  it.each([
    ['nl', 'nl'],
    ['en', 'en'],
    ['fr', 'en'],
    ['de', 'en'],
  ] as const)('the screen language %s is stored in the account as %s (accounts know nl and en; e-mails follow)', (language, account) => {
    expect(accountLanguageFor(language)).toBe(account);
  });

  it.each([
    ['nl', 'nl'],
    ['en', 'en'],
    ['fr', 'en'],
    ['de', 'en'],
  ])('<html lang> names the language of the text: %s is %s', async (language, lang) => {
    await i18n.changeLanguage(language);
    expect(document.documentElement.lang).toBe(lang);
  });

  it('ignores unknown account languages', () => {
    applyAccountLanguage('xx');
    applyAccountLanguage(null);
    expect(i18n.language).toBe('nl');
  });
});
