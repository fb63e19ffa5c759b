export {
  SnackbarProvider,
  useSnackbar,
  type SnackbarApi,
  type SnackbarSeverity,
} from './snackbar-provider.tsx';
