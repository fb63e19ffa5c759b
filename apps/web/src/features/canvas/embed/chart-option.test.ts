import { describe, expect, it } from 'vitest';
import { ChartSpecSchema, type ChartData, type ChartSpecInput } from '@callsight/shared';
import { timeTickLabel } from '../../../components/charts/index.ts';
import {
  NO_DATA,
  TIMESTAMP_COLUMN,
  chartOption,
  emptyText,
  singleValue,
  unitOfLabel,
  withGaps,
  type ChartFrame,
} from './chart-option.ts';

const spec = (input: Partial<ChartSpecInput>) =>
  ChartSpecSchema.parse({ id: 'c', title: 'C', datasetId: 'calls', vizType: 'table', ...input });
const col = (name: string, type: 'time' | 'number' | 'text' = 'number', label = name) => ({
  name,
  label,
  type,
});
const data = (
  columns: ChartData['columns'],
  rows: ChartData['rows'],
  intervalMs?: number,
): ChartData => ({
  chartId: 'c',
  columns,
  rows,
  truncated: false,
  ...(intervalMs ? { intervalMs } : {}),
});

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 1);
/** A 600 px chart over the 15 minutes from T0. */
const FRAME: ChartFrame = { from: T0, to: T0 + 15 * MIN, width: 600, height: 260, timeZone: 'UTC' };

type Series = {
  name?: string;
  type?: string;
  data?: unknown[];
  stack?: string;
  barWidth?: number;
};
type Option = {
  series: Series[];
  xAxis: { type?: string; min?: number; max?: number; data?: string[]; name?: string };
  yAxis: { scale?: boolean };
  legend?: { type?: string; textStyle?: { width?: number; overflow?: string } };
};
const optionOf = (o: unknown) => o as Option;
const seriesOf = (o: unknown) => optionOf(o).series;

const avgMos = { aggregate: 'AVG' as const, column: 'mos_avg', label: 'MOS' };
const calls = { aggregate: 'COUNT' as const, label: 'Calls' };

describe('time series of the embedded dashboards', () => {
  it('spans exactly the window asked for, one line per metric, a gap where a bucket was not measured', () => {
    const lines = chartOption(
      spec({
        vizType: 'echarts_timeseries_line',
        timeGrain: 'P1D',
        metrics: [avgMos, { aggregate: 'MIN', column: 'mos_min', label: 'Lowest' }],
      }),
      data(
        [col(TIMESTAMP_COLUMN, 'time'), col('MOS'), col('Lowest')],
        [
          [T0, 4.123, 3],
          [T0 + MIN, null, 2.5],
          [T0 + 4 * MIN, 4, 3.5],
        ],
        MIN,
      ),
      FRAME,
    );
    const o = optionOf(lines);
    expect([o.xAxis.type, o.xAxis.min, o.xAxis.max]).toEqual(['time', T0, T0 + 15 * MIN]);
    // Averages: never stacked, and the axis fits them rather than starting at 0.
    expect(o.series.map((s) => s.stack)).toEqual([undefined, undefined]);
    expect(o.yAxis.scale).toBe(true);
    expect(o.series.map((s) => [s.name, s.type, s.data])).toEqual([
      [
        'MOS',
        'line',
        [
          [T0, 4.12],
          [T0 + MIN, null],
          [T0 + 2 * MIN, null],
          [T0 + 4 * MIN, 4],
        ],
      ],
      [
        'Lowest',
        'line',
        [
          [T0, 3],
          [T0 + MIN, 2.5],
          [T0 + 2 * MIN, null],
          [T0 + 4 * MIN, 3.5],
        ],
      ],
    ]);
  });

  it('stacks counts by group, bars centred in and sized to their bucket', () => {
    const bars = chartOption(
      spec({
        vizType: 'echarts_timeseries_bar',
        timeGrain: 'P1D',
        groupby: ['tags'],
        metrics: [calls],
      }),
      data(
        [col(TIMESTAMP_COLUMN, 'time'), col('tags', 'text'), col('Calls')],
        [
          [T0, 'Low MOS', 2],
          [T0, 'High Jitter', 1],
          [T0 + 5 * MIN, 'Low MOS', 4],
        ],
        5 * MIN,
      ),
      FRAME,
    );
    const half = 2.5 * MIN;
    expect(seriesOf(bars).map((s) => [s.name, s.stack, s.data])).toEqual([
      [
        'Low MOS',
        'total',
        [
          [T0 + half, 2],
          [T0 + 5 * MIN + half, 4],
        ],
      ],
      // Stacked by index in ECharts: a bucket without High Jitter is there, as 0, not left out.
      [
        'High Jitter',
        'total',
        [
          [T0 + half, 1],
          [T0 + 5 * MIN + half, 0],
        ],
      ],
    ]);
    // A 5-minute bucket of a 15-minute window is a third of the plot (600 - 92 px): 80 % of it.
    expect(seriesOf(bars)[0]?.barWidth).toBe(Math.floor(((600 - 92) / 3) * 0.8));
  });

  it('never stacks averages: "Score by country" is bars side by side, each its own height', () => {
    const bars = chartOption(
      spec({
        vizType: 'echarts_timeseries_bar',
        timeGrain: 'P1W',
        groupby: ['agent_country'],
        metrics: [{ aggregate: 'AVG', column: 'score', label: 'Score' }],
      }),
      data(
        [col(TIMESTAMP_COLUMN, 'time'), col('agent_country', 'text'), col('Score')],
        [
          [T0, 'AU', 7.5],
          [T0, 'NZ', 8.25],
          [T0, 'SG', 6],
        ],
        5 * MIN,
      ),
      FRAME,
    );
    const series = seriesOf(bars);
    expect(series.map((s) => s.stack)).toEqual([undefined, undefined, undefined]);
    expect(series.map((s) => (s.data?.[0] as number[])[1])).toEqual([7.5, 8.25, 6]);
    // Three bars share the bucket's 80 %.
    expect(series[0]?.barWidth).toBe(Math.floor(((600 - 92) / 3) * 0.8 * (1 / 3)));
  });

  it('stacks sums in an area and fills a bucket without calls with 0, not a gap', () => {
    const area = chartOption(
      spec({
        vizType: 'echarts_area',
        timeGrain: 'PT1M',
        metrics: [{ aggregate: 'SUM', column: 'error_log_count', label: 'Error logs' }],
      }),
      data(
        [col(TIMESTAMP_COLUMN, 'time'), col('Error logs')],
        [
          [T0, 3],
          [T0 + 5 * MIN, 1],
        ],
        MIN,
      ),
      FRAME,
    );
    expect(seriesOf(area)[0]?.data).toEqual([
      [T0, 3],
      [T0 + MIN, 0],
      [T0 + 4 * MIN, 0],
      [T0 + 5 * MIN, 1],
    ]);
  });

  it('labels ticks by bucket: the time of day, the day for day buckets and at midnight', () => {
    const noon = new Date(2026, 10, 1, 12, 30).getTime();
    const midnight = new Date(2026, 10, 2).getTime();
    expect(timeTickLabel(noon, 5 * MIN)).toBe('12:30:00');
    expect(timeTickLabel(midnight, HOUR)).toBe('02-11-2026');
    expect(timeTickLabel(noon, DAY)).toBe('01-11-2026');
    expect(withGaps([[0, 1]], MIN, false)).toEqual([[0, 1]]);
  });
});

describe('the other charts', () => {
  it('slices a pie by its group and leaves out slices of nothing', () => {
    const pie = chartOption(
      spec({ vizType: 'pie', groupby: ['network_type'], metrics: [calls] }),
      data(
        [col('network_type', 'text'), col('Calls')],
        [
          ['wifi', 3],
          [null, 1],
          ['5g', 0],
        ],
      ),
      FRAME,
    );
    expect(seriesOf(pie)[0]?.data).toEqual([
      { name: 'wifi', value: 3 },
      { name: '(none)', value: 1 },
    ]);
    // Legend names are cut with an ellipsis (hover shows them), never paged for a few.
    expect(optionOf(pie).legend?.type).toBe('plain');
    expect(optionOf(pie).legend?.textStyle?.overflow).toBe('truncate');
  });

  it('bins a histogram with the unit on its axis and no float noise', () => {
    const histogram = chartOption(
      spec({ vizType: 'histogram', histogram: { column: 'duration_seconds', bins: 3 } }),
      data(
        [
          col('bin_start', 'number', 'Duration (s) from'),
          col('bin_end', 'number', 'Duration (s) to'),
          col('count'),
        ],
        [
          [0, 0.1, 4],
          [0.1, 0.30000000000000004, 6],
          [0.30000000000000004, 0.5, 1],
        ],
      ),
      FRAME,
    );
    expect(optionOf(histogram).xAxis.data).toEqual(['0–0.1', '0.1–0.3', '0.3–0.5']);
    expect(optionOf(histogram).xAxis.name).toBe('s');
    expect(seriesOf(histogram)[0]?.data).toEqual([4, 6, 1]);
    expect(unitOfLabel('MOS from')).toBeNull();
  });

  it('lays a heatmap over every bucket of the window', () => {
    const heatmap = chartOption(
      spec({ vizType: 'heatmap', timeGrain: 'PT1M', groupby: ['agent'], metrics: [calls] }),
      data(
        [col(TIMESTAMP_COLUMN, 'time'), col('agent', 'text'), col('Calls')],
        [
          [T0 + 2 * MIN, 'a@x', 2],
          [T0 + 14 * MIN, 'b@x', 5],
        ],
        5 * MIN,
      ),
      FRAME,
    );
    expect(optionOf(heatmap).xAxis.data).toHaveLength(3);
    expect(seriesOf(heatmap)[0]?.data).toEqual([
      [0, 0, 2],
      [2, 1, 5],
    ]);
  });

  it('says "No data" for an answer with nothing measured, never a zero', () => {
    const empty = data([col('Score')], []);
    const nulls = data([col('Score')], [[null]]);
    for (const vizType of [
      'pie',
      'gauge_chart',
      'big_number_total',
      'echarts_timeseries_line',
      'echarts_timeseries_bar',
      'echarts_area',
      'histogram',
      'box_plot',
      'heatmap',
    ] as const)
      expect(emptyText(spec({ vizType, metrics: [avgMos] }), empty)).toBe(NO_DATA);
    // An empty group's average score: "No data", not 0/10.
    expect(emptyText(spec({ vizType: 'gauge_chart', metrics: [avgMos] }), nulls)).toBe(NO_DATA);
    expect(emptyText(spec({ vizType: 'big_number_total', metrics: [avgMos] }), nulls)).toBe(
      NO_DATA,
    );
    // Zero calls were counted: that zero is measured.
    expect(
      emptyText(
        spec({ vizType: 'big_number_total', metrics: [calls] }),
        data([col('Calls')], [[0]]),
      ),
    ).toBeNull();
    // A pie of zeros (no error logs for any agent) draws no equal slices.
    expect(
      emptyText(
        spec({ vizType: 'pie', groupby: ['agent'], metrics: [calls] }),
        data(
          [col('agent', 'text'), col('Calls')],
          [
            ['a', 0],
            ['b', 0],
          ],
        ),
      ),
    ).toBe(NO_DATA);
    expect(
      emptyText(
        spec({ vizType: 'echarts_timeseries_line', metrics: [avgMos] }),
        data([col(TIMESTAMP_COLUMN, 'time'), col('MOS')], [[T0, null]]),
      ),
    ).toBe(NO_DATA);
    expect(emptyText(spec({ vizType: 'table' }), data([], []))).toBe('No data Found');
    expect(singleValue(data([col('Calls')], [[561]]))).toBe(561);
    expect(singleValue(data([col('Calls')], []))).toBeNull();
    expect(chartOption(spec({ vizType: 'table' }), data([], []), FRAME)).toBeNull();
  });
});
