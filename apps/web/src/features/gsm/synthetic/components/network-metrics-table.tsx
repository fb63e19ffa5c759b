import type { JobDetails } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/index.ts';
import { measureText } from '../format.ts';
import { NETWORK_METRICS } from '../report-items.ts';

type Softphone = NonNullable<JobDetails['softphoneSummary']>;

interface MetricRow {
  label: string;
  unit: string;
  values: { min: number | null; max: number | null; avg: number | null };
}

const figure = (field: 'min' | 'max' | 'avg', headerName: string): DataTableColumn<MetricRow> => ({
  field,
  headerName,
  align: 'right',
  text: (r) => measureText(r.values[field], r.unit),
});

const COLUMNS: DataTableColumn<MetricRow>[] = [
  { field: 'metric', headerName: 'Metric', flex: 1.5, text: (r) => r.label },
  figure('min', 'Min'),
  figure('max', 'Max'),
  figure('avg', 'Avg'),
];

/** The agent leg's network measures (spec 002 §3): min, max and average of each. */
export function NetworkMetricsTable({ softphone }: { softphone: Softphone }) {
  const rows: MetricRow[] = NETWORK_METRICS.map((m) => ({
    label: m.label,
    unit: m.unit,
    values: softphone.networkPerformanceMetrics[m.key],
  }));
  return (
    <DataTable
      label="Network Metrics"
      testIds={{ table: 'network-metrics' }}
      rows={rows}
      columns={COLUMNS}
      getRowId={(r) => r.label}
      emptyText="-"
    />
  );
}
