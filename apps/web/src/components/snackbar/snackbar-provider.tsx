import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMessageKey } from '@aquasmart/domain';
import { registerSnackbarSink, SnackbarContext, type TSnackbarApi, type TSnackbarSeverity } from './snackbar-context';

const SnackbarView = lazy(() => import('./snackbar-view').then((module) => ({ default: module.SnackbarView })));

interface TSnack {
  id: number;
  message: string;
  severity: TSnackbarSeverity;
  params?: Record<string, unknown>;
}

let nextId = 1;

/** One snackbar at a time, the newest replacing the one shown; success is green, error red (docs/screens.md, "Snackbars"). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [queue, setQueue] = useState<TSnack[]>([]);
  const [open, setOpen] = useState(true);
  const current = queue[0];

  // A new message replaces the one on screen: that one closes at once and the newest follows
  // (messages in between are dropped: they are already out of date).
  const show = useCallback<TSnackbarApi['show']>((message, severity, params) => {
    const snack = { id: nextId++, message, severity, params };
    setQueue((items) => (items.length ? [items[0], snack] : [snack]));
  }, []);
  const waiting = queue.length > 1;
  useEffect(() => {
    if (waiting) setOpen(false);
  }, [waiting]);

  const api = useMemo<TSnackbarApi>(
    () => ({
      show,
      success: (message, params) => show(message, 'success', params),
      error: (message, params) => show(message, 'error', params),
    }),
    [show],
  );

  useEffect(() => {
    registerSnackbarSink(api);
    return () => registerSnackbarSink(null);
  }, [api]);

  const text = useMemo(() => {
    if (!current) return '';
    const { key, params } = parseMessageKey(current.message);
    const options = { ...params, ...current.params };
    return i18n.exists(key, options) ? t(key, options) : current.message;
  }, [current, i18n, t]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <SnackbarView
            id={current.id}
            open={open}
            text={text}
            severity={current.severity}
            onClose={() => setOpen(false)}
            onExited={() => {
              setQueue((items) => items.slice(1));
              setOpen(true);
            }}
          />
        </Suspense>
      ) : null}
    </SnackbarContext.Provider>
  );
}
