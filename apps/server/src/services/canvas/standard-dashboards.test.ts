import { describe, expect, it } from 'vitest';
import { canvasDashboardId, IngestEventSchema } from '@callsight/shared';
import { DATASETS } from './datasets.ts';
import { standardDashboards } from './standard-dashboards.ts';

describe('the Jabra dashboard', () => {
  const jabra = standardDashboards('G1').find((d) => d.id === canvasDashboardId('jabra', 'G1'));

  it('says what really feeds it: device events through the events ingestion route', () => {
    expect(jabra?.needsUnlessChart).toBe('jabra-models');
    const needs = jabra?.needs ?? '';
    expect(needs).toContain('POST /api/ingest/v1/events');
    expect(needs).toContain('collector.device(');
    expect(needs).not.toMatch(/Jabra device telemetry on|collector runs with/);
    // The fields it names are the device dataset's columns, read from an event's data.
    const columns = Object.keys(DATASETS.device_events.columns);
    for (const field of ['vendor', 'model', 'firmware']) {
      expect(needs).toContain(field);
      expect(columns).toContain(field);
    }
    // Its charts keep the events whose data names the vendor Jabra.
    const charts = jabra?.rows.flatMap((r) => r.cells.map((c) => c.chart)) ?? [];
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) {
      expect(chart.datasetId).toBe('device_events');
      expect(chart.filters).toContainEqual({ column: 'vendor', operator: '==', value: 'Jabra' });
    }
  });

  it('takes the event the text describes as the ingestion API does', () => {
    const event = IngestEventSchema.safeParse({
      time: Date.now(),
      type: 'device',
      agent: 'ana.lopez',
      contactId: 'c-1',
      data: { vendor: 'Jabra', model: 'Evolve2 65', firmware: '3.2.1' },
    });
    expect(event.success).toBe(true);
  });
});
