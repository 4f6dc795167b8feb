import { createTheme } from '@mui/material/styles';

/** Water blue, calm greys; the alarm colours stay MUI's (success green, error red, info blue). */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b6e99' },
    secondary: { main: '#00897b' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  typography: {
    h4: { fontWeight: 600 },
    h5: { fontWeight: 600 },
  },
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  },
});
