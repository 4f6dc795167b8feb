import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { prefersReducedMotion } from '../lib/motion';

/** Less motion asked for (lib/motion.ts): dialogs, menus and snackbars appear and go at once, buttons without the ripple. */

const NO_MOTION: ThemeOptions = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

/**
 * Water blue, calm greys; the alarm colours are MUI's hues, darkened where MUI's own fail WCAG 2.1 AA
 * as text (4.5:1 on white and on the page grey): warning orange #ed6c02 is 3.1:1 (the "In afwachting"
 * chip, the "Nieuw geheim" button), info blue #0288d1 3.9:1, the teal 4.3:1 (docs/screens.md).
 */
export const theme = createTheme({
  ...(prefersReducedMotion() ? NO_MOTION : {}),
  palette: {
    primary: { main: '#0b6e99' },
    secondary: { main: '#00796b' },
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: {
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: prefersReducedMotion() } },
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // The hint under a disabled field ("Kies eerst een klant") says why it is disabled: it must be
    // readable, so not the 38 % grey of disabled text (2.3:1).
    MuiFormHelperText: { styleOverrides: { root: ({ theme: current }) => ({ '&.Mui-disabled': { color: current.palette.text.secondary } }) } },
  },
});
