// What a test file finds when it starts, kept once per worker (docs/testing.md, "Isolation": the web
// project's workers keep their modules and their happy-dom window from one file to the next). This
// module is imported by setup.ts and, being a module, evaluated once per worker: before any test
// file could have touched the window.
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import type { Window as THappyWindow } from 'happy-dom';

export const happyWindow = window as unknown as THappyWindow;
export const firstUrl = window.location.href;
export const realFetch = window.fetch;

/** Emotion's default cache, the one MUI's styles go into (no CacheProvider in the app). */
export const emotionCache: EmotionCache = (() => {
  let found: EmotionCache | null = null;
  function Probe() {
    found = __unsafe_useEmotionCache();
    return null;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(createElement(Probe)));
  root.unmount();
  if (!found) throw new Error("emotion's default cache not found");
  return found;
})();
