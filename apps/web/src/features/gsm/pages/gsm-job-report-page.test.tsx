import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import {
  apiError,
  JOB_ID,
  makeDetails,
  makeInsights,
  makeJob,
  makeStats,
} from '../synthetic/test/factories.ts';

vi.mock('../../../components/charts/index.ts', async () => {
  const fakes = await import('../synthetic/test/fake-charts.tsx');
  return { EChart: fakes.FakeEChart, TimeSeriesChart: fakes.FakeTimeSeriesChart };
});

const { renderSynthetic } = await import('../synthetic/test/render-synthetic.tsx');
const { GsmJobReportPage } = await import('./gsm-job-report-page.tsx');

const BASE = `/api/gsm/monitors/jobs/${JOB_ID}`;
const PATH = `/${GROUP_ID}/gsm/jobs/${JOB_ID}/report`;
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
const section = (name: string) => within(screen.getByRole('region', { name }));

function api(details = makeDetails({ job: makeJob({ kind: 'monitor', monitorId: 'm-1' }) })) {
  return mockApi({
    [`GET ${BASE}`]: () => jsonResponse(200, details),
    [`GET ${BASE}/stats`]: () => jsonResponse(200, makeStats()),
    [`GET ${BASE}/insights`]: () => jsonResponse(200, makeInsights()),
    [`GET /api/gsm/jobs/${JOB_ID}/recordings/dialler_to_connect`]: () =>
      new Response(new Blob(['RIFF']), { status: 200, headers: { 'Content-Type': 'audio/wav' } }),
  });
}

const render = (path = PATH) =>
  renderSynthetic(paths.gsmJobReport.path, <GsmJobReportPage />, path);

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GsmJobReportPage', () => {
  it('opens on Overview: status, scores, regions, numbers, telephony and tags', async () => {
    api();
    render();
    expect(screen.getByRole('heading', { name: 'GSM Job Report Card' })).toBeTruthy();
    await screen.findByRole('tab', { name: 'Overview', selected: true });
    for (const tab of [
      'Overview',
      'Audio Quality',
      'Intelligence Quality',
      'Agent Network',
      'Contact Flow',
    ])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    const status = section('Status');
    expect(status.getByText('4.21')).toBeTruthy();
    expect(status.getByText('9')).toBeTruthy();
    const regions = section('Regions and Numbers');
    expect(regions.getByText('Sydney')).toBeTruthy();
    expect(regions.getByText('edge-syd')).toBeTruthy();
    const telephony = section('Telephony');
    expect(telephony.getByText('200: OK')).toBeTruthy();
    expect(telephony.getByText('1500 ms')).toBeTruthy();
    expect(telephony.getByText('42 s')).toBeTruthy();
    expect(screen.getByText('Very High audio latency').closest('.MuiChip-colorError')).toBeTruthy();
    expect(screen.getByText('Poor call quality').closest('.MuiChip-colorWarning')).toBeTruthy();
    expect(screen.getByTestId('job-header').textContent).toContain('Call Contact ID: contact-1');
  });

  it('shows each hop on the POLQA scale with its loss, waveform, zoom and recording', async () => {
    const calls = api();
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Audio Quality' }));
    const hop = section('Dialler to Connect');
    expect(hop.getByText('4.20')).toBeTruthy();
    expect(hop.getByText('4.50 (standard)')).toBeTruthy();
    expect(hop.getByText('6.67%')).toBeTruthy();
    expect(section('Connect to Dialler').getByText('2.22%')).toBeTruthy();
    const chart = hop.getByRole('figure', { name: 'Dialler to Connect waveform' });
    expect(chart.textContent).toBe('Reference, Reference, Received, Received');
    expect(chart.getAttribute('data-zoom-end')).toBe('100');

    const zoom = screen.getByRole('slider', { name: 'Audio zoom' });
    expect([zoom.getAttribute('min'), zoom.getAttribute('max')]).toEqual(['20', '100']);
    fireEvent.change(zoom, { target: { value: 40 } });
    await waitFor(() => expect(chart.getAttribute('data-zoom-end')).toBe('50'));

    fireEvent.click(hop.getByRole('button', { name: 'Play recording Dialler to Connect' }));
    expect(await hop.findByLabelText('Dialler to Connect recording')).toBeTruthy();
    const get = calls.calls.find((c) => c.url.includes('/recordings/'));
    expect(get?.url).toBe(`/api/gsm/jobs/${JOB_ID}/recordings/dialler_to_connect`);
  });

  it('says when there is no audio quality data, or no waveform of a hop', async () => {
    api(makeDetails({ polqaScores: [] }));
    const view = render(`${PATH}?tab=audio`);
    expect(await screen.findByText('No audio quality data available')).toBeTruthy();
    view.unmount();
    clearSession();
    api(
      makeDetails({
        polqaScores: [makeDetails().polqaScores[0]].map((h) => ({
          ...h,
          waveform: null,
          url: null,
        })) as never,
      }),
    );
    render(`${PATH}?tab=audio`);
    expect(await screen.findByText('No data received')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Play recording/ })).toBeNull();
  });

  it('shows the transcription rates and transcripts, or not available', async () => {
    api();
    const view = render(`${PATH}?tab=intelligence`);
    const card = within(await screen.findByRole('region', { name: 'Transcription' }));
    expect(card.getByText('12.5%')).toBeTruthy();
    expect(card.getByText('90%')).toBeTruthy();
    expect(card.getByText('pocketsphinx')).toBeTruthy();
    const pair = section('Connect to Dialler');
    expect(pair.getByText('thank you for calling')).toBeTruthy();
    expect(pair.getByText('thank you for falling')).toBeTruthy();
    view.unmount();

    api(makeDetails({ transcription: null }));
    const unmeasured = render(`${PATH}?tab=intelligence`);
    expect(await screen.findByText('not available')).toBeTruthy();
    unmeasured.unmount();
  });

  it('says why there is no transcription when the speech-to-text engine is not installed', async () => {
    const missing = (unavailableReason: 'notInstalled' | 'turnedOff') =>
      makeDetails({
        transcription: {
          transcriptionJobName: 'job-1',
          languageCode: 'en-US',
          engine: 'not available',
          available: false,
          asrEvaluation: null,
          unavailableReason,
        },
      });
    api(missing('notInstalled'));
    const view = render(`${PATH}?tab=intelligence`);
    const card = within(await screen.findByRole('region', { name: 'Transcription' }));
    expect(card.getByText('speech-to-text engine not installed: see README')).toBeTruthy();
    view.unmount();
    clearSession();

    // Turned off (STT_ENGINE=none) is not "not installed".
    api(missing('turnedOff'));
    render(`${PATH}?tab=intelligence`);
    expect(await screen.findByText('not available')).toBeTruthy();
    expect(screen.queryByText(/not installed/)).toBeNull();
  });

  it('shows the softphone summary and the per-second stats on Agent Network', async () => {
    api();
    render(`${PATH}?tab=network`);
    const softphone = within(await screen.findByRole('region', { name: 'Softphone' }));
    expect(softphone.getByText('Acme ISP')).toBeTruthy();
    expect(softphone.getByText('Chrome 124')).toBeTruthy();
    expect(section('System').getByText('198.51.100.7:3478')).toBeTruthy();
    expect(section('System').getByText('15 % / 30 % / 60 %')).toBeTruthy();
    // Memory with its units: the share used (%), and the machine's total (stored in MB).
    expect(section('System').getByText('54 % / 57 % / 61 %')).toBeTruthy();
    expect(section('System').getByText('16 GB')).toBeTruthy();
    const metrics = within(screen.getByTestId('network-metrics'));
    expect(metrics.getByText('Jitter')).toBeTruthy();
    expect(metrics.getByText('24 ms')).toBeTruthy();
    expect((await screen.findByRole('figure', { name: 'RTT (ms)' })).textContent).toBe(
      'RTT (ms): 80 81 82',
    );
    expect(screen.getByRole('figure', { name: 'MOS' })).toBeTruthy();
  });

  it("links a human agent's contact to its call detail, and a virtual agent's not", async () => {
    api(
      makeDetails({
        job: makeJob({ kind: 'monitor', agentType: 'HUMAN_AGENT', callContactId: 'contact-9' }),
      }),
    );
    const view = render();
    const link = await screen.findByRole('link', { name: 'contact-9' });
    expect(link.getAttribute('href')).toBe(paths.call.getHref(GROUP_ID, 'contact-9'));
    view.unmount();

    api(
      makeDetails({
        job: makeJob({ kind: 'monitor', agentType: 'VIRTUAL_AGENT', callContactId: 'contact-8' }),
      }),
    );
    render();
    expect(await screen.findByText('contact-8')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'contact-8' })).toBeNull();
  });

  it('shows the Contact Flow placeholder', async () => {
    api();
    render(`${PATH}?tab=contact-flow`);
    expect(await screen.findByText(/contact flow of this call will be shown here/)).toBeTruthy();
  });

  it('says when the job, its stats or its insights cannot be loaded', async () => {
    mockApi({
      [`GET ${BASE}`]: () => apiError(404, 'Job not found'),
      [`GET ${BASE}/stats`]: () => apiError(404, 'Job not found'),
      [`GET ${BASE}/insights`]: () => jsonResponse(200, makeInsights()),
    });
    render();
    expect(await screen.findByText('An error occurred while retrieving Job Details')).toBeTruthy();
    await waitFor(() => expect(snackbar()).toBe('An error occurred while retrieving Job Stats'));
  });
});
