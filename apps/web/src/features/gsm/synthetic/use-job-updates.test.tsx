import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '../../../test/setup.ts';

const pages: string[] = [];
vi.mock('../../../lib/socket.ts', () => ({
  usePageMessages: (page: string) => void pages.push(page),
}));

const { useJobUpdates } = await import('./use-job-updates.ts');

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useJobUpdates', () => {
  it('subscribes each kind to its own channel: the server lets only its readers join', () => {
    // GSM monitor jobs are for super users; heartbeat jobs for the heartbeat pages' readers.
    renderHook(() => useJobUpdates('g-1', 'monitor'), { wrapper });
    renderHook(() => useJobUpdates('g-1', 'heartbeat'), { wrapper });
    expect([...new Set(pages)]).toEqual(['monitorJobs', 'heartbeatJobs']);
  });
});
