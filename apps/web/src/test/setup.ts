import './dutch-browser';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '../lib/i18n/i18n';
// Screen tests render feature screens directly, without the route table that loads their texts.
import '../lib/i18n/texts/places';
import '../lib/i18n/texts/products';
import '../lib/i18n/texts/telemetry';
import '../lib/i18n/texts/nodes-detail';
import '../lib/i18n/texts/nodes';
import '../lib/i18n/texts/node-settings';
import '../lib/i18n/texts/users';
import '../lib/i18n/texts/alerts';
import '../lib/i18n/texts/alarm-notifications';
import '../lib/i18n/texts/dashboard';
import '../lib/i18n/texts/logbook';
import '../lib/i18n/texts/platforms';

// findBy/waitFor wait up to 10 s instead of 1 s: a CI machine running several suites at once is
// slow to render the data grid and to run transitions (a snackbar replaced after the exit of the
// one before took 6 s under load), and a slow machine is not a failing screen. Each test may take
// 30 s (vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// Every test starts signed out, in Dutch, with empty storage and a clean document.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('nl');
});
