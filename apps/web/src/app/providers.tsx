import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from '../components/snackbar/index.ts';
import { ConfirmProvider } from '../components/confirm-dialog/index.ts';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { registerRefresher } from '../lib/session.ts';
import { refreshSession } from '../features/session/api/refresh-session.ts';
import { theme } from './theme.ts';

// The API client and the session renew tokens through this endpoint.
registerRefresher(refreshSession);

/** App-wide providers: server state, theme, snackbar and confirm dialog. */
export function Providers({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
