// The tests' browser speaks Dutch, as the browser tests' (playwright.config.ts, locale nl-NL): the
// portal starts in the browser's language on a first visit (lib/i18n/i18n.ts), and happy-dom says en-US.
// Imported before anything that loads the i18n instance.
Object.defineProperty(window.navigator, 'languages', { value: ['nl-NL', 'nl'], configurable: true });
Object.defineProperty(window.navigator, 'language', { value: 'nl-NL', configurable: true });
