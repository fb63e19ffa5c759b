export {
  SNACKBAR_AUTO_HIDE_MS,
  SnackbarProvider,
  useSnackbar,
  type SnackbarApi,
  type SnackbarSeverity,
} from './snackbar-provider.tsx';
