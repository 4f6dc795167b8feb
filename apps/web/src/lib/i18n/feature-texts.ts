import { i18n } from './i18n';

/**
 * Adds a feature's own texts to the catalogue (deep, so its snackbar keys join the shared
 * snackbar group; existing texts are kept). Feature text modules call it when they load, which
 * the route table arranges before the feature's screen renders.
 */
export function addFeatureTexts(texts: { nl: object; en: object }): void {
  for (const [language, bundle] of Object.entries(texts)) i18n.addResourceBundle(language, 'translation', bundle, true, false);
}
