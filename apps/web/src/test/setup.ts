import './dutch-browser';
import { emotionCache, firstUrl, happyWindow, realFetch } from './fresh-window';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '../lib/i18n/i18n';
import { forgetAnnouncedVersion } from '../lib/pwa/service-worker';
import { clearSessionCache } from '../lib/session/session-cache';
// Screen tests render feature screens directly, without the route table that loads their texts.
import '../lib/i18n/texts/places';
import '../lib/i18n/texts/products';
import '../lib/i18n/texts/telemetry';
import '../lib/i18n/texts/nodes-detail';
import '../lib/i18n/texts/nodes';
import '../lib/i18n/texts/node-settings';
import '../lib/i18n/texts/users';
import '../lib/i18n/texts/api-keys';
import '../lib/i18n/texts/alerts';
import '../lib/i18n/texts/alarm-notifications';
import '../lib/i18n/texts/dashboard';
import '../lib/i18n/texts/logbook';
import '../lib/i18n/texts/platforms';
import '../lib/i18n/texts/sampling-messages';
import '../lib/i18n/texts/calibration-messages';
import '../lib/i18n/texts/screen-messages';

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

// Every test file starts as in a fresh window (vitest.config.ts runs the web files without isolation:
// a worker keeps its modules and window from one file to the next). What a file may leave behind,
// put back after its last test: mocks and stubbed globals, fake timers, a replaced fetch, the
// address, the document, the app's one query cache (lib/query-client.ts), the service worker's
// announced version (lib/pwa/service-worker.ts) and the window's pending timers and requests.
afterAll(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  window.fetch = realFetch;
  clearSessionCache();
  forgetAnnouncedVersion();
  await happyWindow.happyDOM.abort();
  happyWindow.happyDOM.setURL(firstUrl);
  // MUI's styles: emotion's one cache would otherwise keep every style of every file in the head
  // (456 style elements after four files), which every computed style (the role queries) reads.
  emotionCache.sheet.flush();
  emotionCache.inserted = {};
  emotionCache.registered = {};
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('nl');
});
