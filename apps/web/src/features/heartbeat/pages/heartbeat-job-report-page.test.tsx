import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JobDetails } from '@callsight/shared';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import {
  JOB_ID,
  makeDetails,
  makeHop,
  makeInsights,
  makeJob,
  makeStats,
  TEST_ID,
} from '../../gsm/synthetic/test/factories.ts';

vi.mock('../../../components/charts/index.ts', async () => {
  const fakes = await import('../../gsm/synthetic/test/fake-charts.tsx');
  return { EChart: fakes.FakeEChart, TimeSeriesChart: fakes.FakeTimeSeriesChart };
});

const { renderSynthetic } = await import('../../gsm/synthetic/test/render-synthetic.tsx');
const { HeartbeatJobReportPage } = await import('./heartbeat-job-report-page.tsx');

const BASE = `/api/gsm/heartbeat/jobs/${JOB_ID}`;
const PATH = `/${GROUP_ID}/gsm/heartbeat/jobs/${JOB_ID}/report`;
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
const section = (name: string) => within(screen.getByRole('region', { name }));

function api(details: JobDetails = makeDetails()) {
  return mockApi({
    [`GET ${BASE}`]: () => jsonResponse(200, details),
    [`GET ${BASE}/stats`]: () => jsonResponse(200, makeStats()),
    [`GET ${BASE}/insights`]: () => jsonResponse(200, makeInsights()),
  });
}

const render = (path = PATH) =>
  renderSynthetic(paths.heartbeatJobReport.path, <HeartbeatJobReportPage />, path);

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A human agent's job: its call has an agent leg (a softphone), measured like the customer's. */
const humanDetails = (over: Partial<JobDetails> = {}) =>
  makeDetails({ job: makeJob({ agentType: 'HUMAN_AGENT', agentId: 'alice' }), ...over });

/** A virtual agent's job as the probe stores it: no agent leg, so its hops are not measured. */
const virtualDetails = (over: Partial<JobDetails> = {}) =>
  makeDetails({
    polqaScores: [
      makeHop(),
      makeHop({ location: 'connect_to_dialler', score: 4.4, lossPercent: 2.2222 }),
      makeHop({
        location: 'agent_to_connect',
        reference: 4.8,
        type: 'wideband',
        score: null,
        lossPercent: null,
        url: null,
        delayMs: null,
        waveform: null,
      }),
      makeHop({
        location: 'connect_to_agent',
        reference: 4.8,
        type: 'wideband',
        score: null,
        lossPercent: null,
        url: null,
        delayMs: null,
        waveform: null,
      }),
    ],
    softphoneSummary: null,
    ...over,
  });

describe('HeartbeatJobReportPage Results', () => {
  it('shows the summary, telephony and the three scores with their measures', async () => {
    api(humanDetails());
    render();
    await screen.findByRole('tab', { name: 'Results', selected: true });
    expect(screen.getByRole('tab', { name: 'Audio Analytics' })).toBeTruthy();
    expect(screen.getByTestId('job-header').textContent).toContain('Call Contact ID: contact-1');

    const summary = section('Summary');
    expect(summary.getByText('Human')).toBeTruthy();
    expect(summary.getByText(TEST_ID)).toBeTruthy();
    expect(summary.getByText('01-03-2026')).toBeTruthy();
    expect(summary.getByText('Very High audio latency')).toBeTruthy();

    const telephony = section('Telephony');
    expect(telephony.getByText('Completed')).toBeTruthy();
    expect(telephony.getByText('200: OK')).toBeTruthy();
    expect(telephony.getByText('3000 ms')).toBeTruthy();
    expect(telephony.getByText('2 s')).toBeTruthy();
    expect(telephony.getByText('42 s')).toBeTruthy();

    expect(section('CX Score').getByLabelText('CX Score value').textContent).toBe('9/10');
    expect(section('CX Score').getByText('4.40')).toBeTruthy();
    expect(section('CX Score').getByText('640 ms')).toBeTruthy();
    expect(section('AX Score').getByLabelText('AX Score value').textContent).toBe('8/10');
    expect(section('AX Score').getByText('4.20')).toBeTruthy();
    const network = section('Network Score');
    expect(network.getByLabelText('Network Score value').textContent).toBe('7/10');
    // The measures the score is made of (the worse leg's), then the agent leg's averages.
    expect(network.getByText('14.5 ms')).toBeTruthy();
    expect(network.getByText('3.2%')).toBeTruthy();
    expect(network.getByText('95 ms')).toBeTruthy();
    expect(network.getByText('12 ms')).toBeTruthy();
    expect(network.getByText('80 ms')).toBeTruthy();
    expect(await screen.findByRole('figure', { name: 'Jitter (ms)' })).toBeTruthy();
  });

  it("shows a virtual agent's scores with what they are made of, and no agent leg", async () => {
    api(virtualDetails());
    render();
    expect((await screen.findByLabelText('Network Score value')).textContent).toBe('7/10');
    const network = section('Network Score');
    expect(network.getByText('14.5 ms')).toBeTruthy();
    expect(network.getByText('3.2%')).toBeTruthy();
    expect(network.getByText('95 ms')).toBeTruthy();
    // No agent leg is expected: none of its measures is listed as missing.
    expect(network.queryByText('Average Jitter')).toBeNull();
    expect(section('CX Score').queryByText('Agent to Connect')).toBeNull();
    expect(section('AX Score').queryByText('Connect to Agent')).toBeNull();
    expect(section('CX Score').getByText('Connect to Dialler')).toBeTruthy();
    expect(section('AX Score').getByText('Dialler to Connect')).toBeTruthy();
  });

  it("shows '-', never 10, for a score with no measurement behind it", async () => {
    // Stored before the details kept the score's measures: a 10 with nothing shown behind it.
    api(
      virtualDetails({
        job: makeJob({ networkScore: 10 }),
        network: undefined,
      }),
    );
    render();
    expect((await screen.findByLabelText('Network Score value')).textContent).toBe('-');
    expect(section('CX Score').getByLabelText('CX Score value').textContent).toBe('9/10');
  });

  it("shows '-' for a score the server did not give (nothing was measured)", async () => {
    api(
      virtualDetails({
        job: makeJob({ networkScore: null }),
        network: { jitterMs: null, packetLossPercent: null, rttMs: null },
      }),
    );
    render();
    expect((await screen.findByLabelText('Network Score value')).textContent).toBe('-');
    // The headline and the three measures behind it.
    expect(section('Network Score').getAllByText('-')).toHaveLength(4);
  });

  it("shows N/A scores and the stored message of an error status, and 'N/A' without a contact id", async () => {
    api(
      makeDetails({
        job: makeJob({ status: 'Call Failed', callContactId: null }),
        message: 'The call failed: 503 Service Unavailable',
      }),
    );
    render();
    await waitFor(() => expect(snackbar()).toBe('The call failed: 503 Service Unavailable'));
    expect(screen.getByTestId('job-header').textContent).toContain('Call Contact ID: N/A');
    expect(section('CX Score').getByLabelText('CX Score value').textContent).toBe('N/A');
  });

  it('says nothing of the stored message for other statuses', async () => {
    api(makeDetails({ job: makeJob({ status: 'Busy' }), message: 'Busy here' }));
    render();
    await screen.findByRole('tab', { name: 'Results' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snackbar()).toBeNull();
  });
});

describe('HeartbeatJobReportPage Audio Analytics', () => {
  it('compares inbound and outbound hops with their loss, and draws the round trip', async () => {
    api(humanDetails());
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Audio Analytics' }));
    const inbound = section('Inbound Audio Quality');
    expect(inbound.getByRole('region', { name: 'Connect to Dialler' })).toBeTruthy();
    expect(inbound.getByRole('region', { name: 'Agent to Connect' })).toBeTruthy();
    expect(inbound.queryByRole('region', { name: 'Dialler to Connect' })).toBeNull();
    expect(inbound.getByText('2.22%')).toBeTruthy();
    const outbound = section('Outbound Audio Quality');
    expect(outbound.getByRole('region', { name: 'Dialler to Connect' })).toBeTruthy();
    expect(outbound.getByRole('region', { name: 'Connect to Agent' })).toBeTruthy();
    expect(outbound.getByRole('figure', { name: 'Dialler to Connect waveform' })).toBeTruthy();
    // The test ids e2e/heartbeat.spec.ts scopes the waveforms by.
    expect(screen.getByTestId('heartbeat-audio-inbound').getAttribute('aria-label')).toBe(
      'Inbound Audio Quality',
    );
    expect(screen.getByTestId('heartbeat-audio-outbound').getAttribute('aria-label')).toBe(
      'Outbound Audio Quality',
    );

    const latency = section('Round Trip Audio Latency');
    for (const node of ['Customer', 'CCaaS', 'Agent']) expect(latency.getByText(node)).toBeTruthy();
    expect(latency.getByLabelText('PSTN Latency').textContent).toBe('400 ms');
    expect(latency.getByLabelText('Connect Latency').textContent).toBe('240 ms');
    expect(latency.getByLabelText('Echo Latency').textContent).toBe('640 ms');
  });

  it("leaves a virtual agent's call without agent legs: none says 'No data received'", async () => {
    api(virtualDetails());
    render(`${PATH}?tab=audio`);
    const inbound = within(await screen.findByRole('region', { name: 'Inbound Audio Quality' }));
    expect(inbound.getByRole('region', { name: 'Connect to Dialler' })).toBeTruthy();
    expect(inbound.queryByRole('region', { name: 'Agent to Connect' })).toBeNull();
    const outbound = section('Outbound Audio Quality');
    expect(outbound.getByRole('region', { name: 'Dialler to Connect' })).toBeTruthy();
    expect(outbound.queryByRole('region', { name: 'Connect to Agent' })).toBeNull();
    expect(screen.queryByText('No data received')).toBeNull();
  });

  it('computes the PSTN latency as echo - connect when the server did not', async () => {
    api(makeDetails({ pstnLatencyMs: null }));
    render(`${PATH}?tab=audio`);
    const latency = within(await screen.findByRole('region', { name: 'Round Trip Audio Latency' }));
    expect(latency.getByLabelText('PSTN Latency').textContent).toBe('400 ms');
  });

  it('says when there is no audio quality or latency data', async () => {
    api(
      makeDetails({
        polqaScores: [makeHop({ location: 'connect_to_dialler' })],
        audioLatency: [],
        pstnLatencyMs: null,
      }),
    );
    render(`${PATH}?tab=audio`);
    const outbound = within(await screen.findByRole('region', { name: 'Outbound Audio Quality' }));
    expect(outbound.getByText('No audio quality data available')).toBeTruthy();
    expect(
      section('Round Trip Audio Latency').getByText('No audio latency data available'),
    ).toBeTruthy();
  });
});
