import { lazy, Suspense, useEffect, useState } from 'react';
import { UPDATE_READY_EVENT, waitingUpdate } from '../lib/pwa/service-worker';

// The prompt's snackbar loads only when a new version waits: nothing of it on the way to /login.
const UpdateSnackbar = lazy(() => import('./update-snackbar'));

/** Waits for a new deployment's service worker, then offers to reload (docs/field-work.md). */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorkerRegistration | null>(waitingUpdate);
  useEffect(() => {
    const onReady = (event: Event) => setWaiting((event as CustomEvent<ServiceWorkerRegistration>).detail);
    window.addEventListener(UPDATE_READY_EVENT, onReady);
    return () => window.removeEventListener(UPDATE_READY_EVENT, onReady);
  }, []);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateSnackbar registration={waiting} />
    </Suspense>
  );
}
