import { createContext, useContext } from 'react';

export type TSnackbarSeverity = 'success' | 'error' | 'info' | 'warning';

export interface TSnackbarApi {
  /** Shows a message; a message key (with `?params`) is translated, plain text is shown as is. */
  show: (message: string, severity: TSnackbarSeverity, params?: Record<string, unknown>) => void;
  /** Green. */
  success: (message: string, params?: Record<string, unknown>) => void;
  /** Red. */
  error: (message: string, params?: Record<string, unknown>) => void;
}

export const SnackbarContext = createContext<TSnackbarApi | null>(null);

let globalSink: TSnackbarApi | null = null;

/** Registers the mounted provider so code outside React (query callbacks) can use `snackbar`. */
export function registerSnackbarSink(api: TSnackbarApi | null): void {
  globalSink = api;
}

/** The snackbar service for code outside components; a no-op until the provider is mounted. */
export const snackbar: TSnackbarApi = {
  show: (message, severity, params) => globalSink?.show(message, severity, params),
  success: (message, params) => globalSink?.success(message, params),
  error: (message, params) => globalSink?.error(message, params),
};

/** The snackbar service inside components. */
export function useSnackbar(): TSnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
