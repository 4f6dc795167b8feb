import { createTheme } from '@mui/material/styles';

/**
 * Water blue, calm greys; the alarm colours are MUI's hues, darkened where MUI's own fail WCAG 2.1 AA
 * as text (4.5:1 on white and on the page grey): warning orange #ed6c02 is 3.1:1 (the "In afwachting"
 * chip, the "Nieuw geheim" button), info blue #0288d1 3.9:1, the teal 4.3:1 (docs/screens.md).
 */
export const theme = createTheme({
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
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
    // The hint under a disabled field ("Kies eerst een klant") says why it is disabled: it must be
    // readable, so not the 38 % grey of disabled text (2.3:1).
    MuiFormHelperText: { styleOverrides: { root: ({ theme: current }) => ({ '&.Mui-disabled': { color: current.palette.text.secondary } }) } },
  },
});
