/**
 * Someone who asked their system for less motion (vestibular disorders; WCAG 2.3.3) gets none:
 * no transitions (app/theme.ts), no ripple, charts drawn without animation. Read once at
 * start; the setting rarely changes during a visit. The browser tests ask for it too
 * (playwright.config.ts), which spares Chromium every animation frame (docs/testing.md).
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
