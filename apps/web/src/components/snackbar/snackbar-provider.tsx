import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMessageKey } from '@aquasmart/domain';
import { registerSnackbarSink, SnackbarContext, type TSnackbarApi } from './snackbar-context';
import { EMPTY_SNACK_QUEUE, snackQueue } from './snackbar-queue';

const SnackbarView = lazy(() => import('./snackbar-view').then((module) => ({ default: module.SnackbarView })));

let nextId = 1;

/** One snackbar at a time, the newest replacing the one shown (snackbar-queue.ts); success is green, error red (docs/screens.md, "Snackbars"). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [{ snacks, open }, dispatch] = useReducer(snackQueue, EMPTY_SNACK_QUEUE);
  const current = snacks[0];

  const show = useCallback<TSnackbarApi['show']>((message, severity, params) => {
    dispatch({ type: 'show', snack: { id: nextId++, message, severity, params } });
  }, []);

  const currentId = current?.id;
  const exited = useCallback(() => dispatch({ type: 'exited', id: currentId ?? 0 }), [currentId]);

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
            key={current.id}
            id={current.id}
            open={open}
            text={text}
            severity={current.severity}
            onClose={() => dispatch({ type: 'close', id: current.id })}
            onExited={exited}
          />
        </Suspense>
      ) : null}
    </SnackbarContext.Provider>
  );
}
