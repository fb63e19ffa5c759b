import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EXPLORER_TEXTS, type CallDetailSummary } from '@callsight/shared';
import '../../../test/setup.ts';
import { CallHeader } from './call-header.tsx';
import { CallSummaryTab } from './call-summary-tab.tsx';

/** A live call's summary: seconds not yet measured, so every average is missing. */
function summary(over: {
  mos?: number | null;
  score?: number;
  tags?: string[];
  holds?: number;
  testCall?: boolean;
}): CallDetailSummary {
  const score = over.score ?? 10;
  return {
    serviceAgent: { username: 'alice' },
    contact: {
      id: { current: 'live-1' },
      direction: 'INBOUND',
      endedBy: null,
      disconnectReason: null,
      events: { connectedToAgent: '2025-03-03T14:00:00.000Z', disconnected: null },
      interaction: { agentInteractionDurationSec: null },
    },
    callStartTime: '2025-03-03T14:00:00.000Z',
    callEndTime: null,
    summaryReceived: true,
    testCall: over.testCall ?? false,
    networkType: null,
    networkLabel: null,
    softphoneSummary: {
      agentISP: null,
      agentLocalIPAddress: null,
      agentExternalIPAddress: null,
      browser: { name: null, version: null },
      agentCountry: null,
      agentRegion: null,
      networkPerformanceMetrics: {
        mos: { avg: over.mos ?? null, min: null, max: null, inboundAvg: null, outboundAvg: null },
        jitterMs: { avg: null, min: null, max: null },
        rttMs: { avg: null, min: null, max: null },
        packetLoss: { packetsCount: 0, packetsLost: 0, fraction: null },
      },
      system: { cpu: { availableMinPercent: null }, memory: { usedMaxPercent: null } },
    },
    holdIntervals: Array.from({ length: over.holds ?? 0 }, (_, i) => ({
      start: `2025-03-03T14:0${i}:00.000Z`,
      end: `2025-03-03T14:0${i}:30.000Z`,
    })),
    properties: { last_sip_response_num: null },
    sampleCount: 0,
    durationSeconds: null,
    errorLogCount: 0,
    score,
    insights: {
      tags: (over.tags ?? []).map((description) => ({
        description,
        count: 1,
        severity: 'warning' as const,
        pattern: 'sustained' as const,
        longestSeconds: 12,
      })),
      callScore: { version: '1', score },
    },
  } as CallDetailSummary;
}

const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the call score shows once measured', () => {
  it('header: "Score: -" for a live call with nothing measured, the coloured score after', () => {
    const view = render(<CallHeader contactId="live-1" summary={summary({})} />);
    expect(screen.queryByTestId('call-score')).toBeNull();
    expect(screen.getByText('Score:').textContent).toBe('Score: -');

    view.rerender(<CallHeader contactId="live-1" summary={summary({ mos: 4.3 })} />);
    const chip = screen.getByTestId('call-score');
    expect(chip.textContent).toBe('Score 10.0 / 10');
    expect(chip.className).toContain('colorSuccess');

    view.rerender(
      <CallHeader
        contactId="live-1"
        summary={summary({ mos: 2.9, score: 6, tags: ['Very Poor MOS'] })}
      />,
    );
    // The explorer's bands: 6 is a warning there and here.
    expect(screen.getByTestId('call-score').className).toContain('colorWarning');
    view.rerender(<CallHeader contactId="live-1" summary={undefined} />);
    expect(screen.getByText('Score:').textContent).toBe('Score: Unavailable');
  });

  it('header: a "Test call" badge on our own test calls only (issue 33)', () => {
    const view = render(<CallHeader contactId="live-1" summary={summary({ mos: 4.3 })} />);
    expect(screen.queryByTestId('test-call-badge')).toBeNull();
    view.rerender(
      <CallHeader contactId="live-1" summary={summary({ mos: 4.3, testCall: true })} />,
    );
    expect(screen.getByTestId('test-call-badge').textContent).toBe(EXPLORER_TEXTS.testCall);
  });

  it('summary tab: "-" until measured, and the hold count of the merged holds', () => {
    const view = render(<CallSummaryTab summary={summary({ holds: 2 })} />);
    expect(valueOf('Score')).toBe('-');
    expect(valueOf('Hold Count')).toBe('2');
    view.rerender(<CallSummaryTab summary={summary({ mos: 4.1, score: 8.5 })} />);
    expect(valueOf('Score')).toBe('8.5 / 10');
  });
});
