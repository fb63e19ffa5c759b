import { createTheme } from '@mui/material/styles';

/** Colours of the dark navy sidebar (kept apart from the palette: only the shell uses them). */
export const SIDEBAR = {
  background: '#0b1730',
  backgroundRaised: '#12213f',
  border: 'rgba(148, 163, 184, 0.14)',
  text: '#c7d2e3',
  textMuted: '#7b8aa5',
  heading: '#64748b',
  hover: 'rgba(148, 163, 184, 0.10)',
  selected: 'rgba(59, 130, 246, 0.20)',
  selectedText: '#ffffff',
  accent: '#60a5fa',
} as const;

export const SIDEBAR_WIDTH = 288;
export const SIDEBAR_COLLAPSED_WIDTH = 72;

const fontFamily = [
  'Inter',
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** The Callsight theme: calm neutrals, one blue accent, readable content. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#2563eb', dark: '#1d4ed8', light: '#60a5fa', contrastText: '#ffffff' },
    secondary: { main: '#0d9488', contrastText: '#ffffff' },
    success: { main: '#16a34a' },
    warning: { main: '#d97706' },
    error: { main: '#dc2626' },
    info: { main: '#0284c7' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#526077' },
    divider: '#e3e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700, letterSpacing: '-0.02em' },
    h4: { fontWeight: 700, fontSize: '1.625rem', letterSpacing: '-0.015em' },
    h5: { fontWeight: 600, fontSize: '1.25rem' },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8 } },
    },
    MuiPaper: {
      styleOverrides: {
        outlined: { borderColor: '#e3e8f0' },
        rounded: { borderRadius: 12 },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
    },
    MuiDialog: {
      styleOverrides: { paper: { borderRadius: 14 } },
    },
    MuiDialogTitle: {
      styleOverrides: { root: { fontWeight: 700, fontSize: '1.15rem' } },
    },
    MuiTooltip: {
      defaultProps: { arrow: true },
      styleOverrides: {
        tooltip: { fontSize: '0.78rem', backgroundColor: '#0f172a' },
        arrow: { color: '#0f172a' },
      },
    },
    MuiChip: {
      styleOverrides: { root: { fontWeight: 600 } },
    },
    MuiTextField: {
      defaultProps: { variant: 'outlined' },
    },
  },
});
