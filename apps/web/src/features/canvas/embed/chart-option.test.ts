import { describe, expect, it } from 'vitest';
import { ChartSpecSchema, type ChartData, type ChartSpecInput } from '@callsight/shared';
import { TIMESTAMP_COLUMN, chartOption, singleValue } from './chart-option.ts';

const spec = (input: Partial<ChartSpecInput>) =>
  ChartSpecSchema.parse({ id: 'c', title: 'C', datasetId: 'calls', vizType: 'table', ...input });
const col = (name: string, type: 'time' | 'number' | 'text' = 'number') => ({
  name,
  label: name,
  type,
});
const data = (columns: ChartData['columns'], rows: ChartData['rows']): ChartData => ({
  chartId: 'c',
  columns,
  rows,
  truncated: false,
});

type Series = { name?: string; type?: string; data?: unknown[]; stack?: string };
const seriesOf = (o: unknown) => (o as { series: Series[] }).series;

describe('chart options of the embedded dashboards', () => {
  it('draws one line per metric, or one stacked bar per group of the first metric', () => {
    const t0 = Date.UTC(2026, 10, 1);
    const lines = chartOption(
      spec({
        vizType: 'echarts_timeseries_line',
        timeGrain: 'P1D',
        metrics: [
          { aggregate: 'AVG', column: 'mos_avg', label: 'MOS' },
          { aggregate: 'MIN', column: 'mos_min', label: 'Lowest' },
        ],
      }),
      data(
        [col(TIMESTAMP_COLUMN, 'time'), col('MOS'), col('Lowest')],
        [
          [t0, 4.123, 3],
          [t0 + 86_400_000, null, 2.5],
        ],
      ),
    );
    expect(seriesOf(lines).map((s) => [s.name, s.type, s.data])).toEqual([
      [
        'MOS',
        'line',
        [
          [t0, 4.12],
          [t0 + 86_400_000, null],
        ],
      ],
      [
        'Lowest',
        'line',
        [
          [t0, 3],
          [t0 + 86_400_000, 2.5],
        ],
      ],
    ]);

    const bars = chartOption(
      spec({
        vizType: 'echarts_timeseries_bar',
        timeGrain: 'P1D',
        groupby: ['tags'],
        metrics: [{ aggregate: 'COUNT', label: 'Calls' }],
      }),
      data(
        [col(TIMESTAMP_COLUMN, 'time'), col('tags', 'text'), col('Calls')],
        [
          [t0, 'Low MOS', 2],
          [t0, 'High Jitter', 1],
          [t0 + 86_400_000, 'Low MOS', 4],
        ],
      ),
    );
    expect(seriesOf(bars).map((s) => [s.name, s.stack, s.data])).toEqual([
      [
        'Low MOS',
        'total',
        [
          [t0, 2],
          [t0 + 86_400_000, 4],
        ],
      ],
      // Stacked by index in ECharts: a day without High Jitter is there, as 0, not left out.
      [
        'High Jitter',
        'total',
        [
          [t0, 1],
          [t0 + 86_400_000, 0],
        ],
      ],
    ]);
  });

  it('slices a pie by its group, bins a histogram, and reads a single value', () => {
    const pie = chartOption(
      spec({
        vizType: 'pie',
        groupby: ['network_type'],
        metrics: [{ aggregate: 'COUNT', label: 'Calls' }],
      }),
      data(
        [col('network_type', 'text'), col('Calls')],
        [
          ['wifi', 3],
          [null, 1],
        ],
      ),
    );
    expect(seriesOf(pie)[0]?.data).toEqual([
      { name: 'wifi', value: 3 },
      { name: '(none)', value: 1 },
    ]);
    const histogram = chartOption(
      spec({ vizType: 'histogram', histogram: { column: 'mos_avg', bins: 2 } }),
      data(
        [col('bin_start'), col('bin_end'), col('count')],
        [
          [1, 2.5, 4],
          [2.5, 4, 6],
        ],
      ),
    );
    expect((histogram as { xAxis: { data: string[] } }).xAxis.data).toEqual(['1–2.5', '2.5–4']);
    expect(seriesOf(histogram)[0]?.data).toEqual([4, 6]);
    expect(singleValue(data([col('Calls')], [[561]]))).toBe(561);
    expect(singleValue(data([col('Calls')], []))).toBeNull();
    expect(chartOption(spec({ vizType: 'table' }), data([], []))).toBeNull();
  });
});
