import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { SnackbarProvider } from '../components/snackbar/snackbar-provider';
import { i18n } from '../lib/i18n/i18n';
import { theme } from './theme';

/**
 * Translations, theme and the snackbar service, around the router. Server state (TanStack Query)
 * is provided by the shell (shell/shell-root.tsx): the login page does without it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider>{children}</SnackbarProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
