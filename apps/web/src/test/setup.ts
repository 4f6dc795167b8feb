import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '../lib/i18n/i18n';

// Every test starts signed out, in Dutch, with empty storage and a clean document.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('nl');
});
