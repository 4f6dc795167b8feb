/**
 * The installable app (docs/field-work.md, "Installable app"): registers the service worker that
 * vite-plugin-pwa builds (sw.js: the application's files, never /api) after the page has loaded,
 * and tells the app when a new version waits (UPDATE_READY_EVENT), so it can offer to reload.
 * Kept tiny and in the main bundle: no chunk of its own on the way to /login.
 */
export const UPDATE_READY_EVENT = 'aquasmart:update-ready';

/**
 * The registration last announced: the prompt may mount after the announcement (the first
 * screen's code still loading on a slow phone), and must then show it all the same.
 */
let announced: ServiceWorkerRegistration | null = null;

/** Forgets the version announced, as a page loaded afresh knows none (for tests: src/test/setup.ts). */
export function forgetAnnouncedVersion(): void {
  announced = null;
}

/** A new version that waits already, announced before anyone listened; null when none waits. */
export function waitingUpdate(): ServiceWorkerRegistration | null {
  return announced?.waiting ? announced : null;
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        announceWaitingVersions(registration, navigator.serviceWorker);
        // A deployment is noticed when the app comes back to the front (phones keep it open for days).
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
        });
      })
      .catch(() => undefined);
  });
}

/**
 * Dispatches UPDATE_READY_EVENT whenever a new version is installed while another controls the
 * page: one already waiting, one that is installing now, and every later one. The browser checks
 * for a new worker on each navigation, before this page registers, so the new version may be
 * installing already: its `updatefound` has then fired before anyone listened.
 */
export function announceWaitingVersions(registration: ServiceWorkerRegistration, container: Pick<ServiceWorkerContainer, 'controller'>): void {
  const announce = () => {
    if (!registration.waiting || !container.controller) return;
    announced = registration;
    window.dispatchEvent(new CustomEvent(UPDATE_READY_EVENT, { detail: registration }));
  };
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') announce();
    });
  announce();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
}

/**
 * Lets the waiting version take over and reloads the page with it. When none waits any more (it took
 * over already, from another tab), the page reloads at once: the button always does what it says.
 */
export function applyUpdate(registration: ServiceWorkerRegistration): void {
  if (!registration.waiting) return window.location.reload();
  navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  registration.waiting.postMessage({ type: 'SKIP_WAITING' });
}
