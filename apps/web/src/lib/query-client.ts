import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/** Retries only failures that may pass on a second try: network errors and 5xx, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiRequestError) return error.status === 0 || error.status >= 500;
  return false;
}

/** Creates the app's query client (one per app; tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
