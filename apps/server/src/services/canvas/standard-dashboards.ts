import {
  CANVAS_SUFFIXES,
  ChartSpecSchema,
  canvasDashboardId,
  type ChartSpecInput,
  type DashboardSpec,
} from '@callsight/shared';

/**
 * The standard dashboards every group gets (issue 20), one per canvas key, over the group's own
 * data. Ids are the group-specific names of spec 000 §2 (group id plus suffix; default_ plus the
 * group id for the Overview).
 */

type Cell = [
  chart: Omit<ChartSpecInput, 'datasetId'> & { datasetId?: ChartSpecInput['datasetId'] },
  width: number,
];

const count = { aggregate: 'COUNT' as const, label: 'Calls' };
const lines = { aggregate: 'COUNT' as const, label: 'Lines' };
const journeysCount = { aggregate: 'COUNT' as const, label: 'Journeys' };
const testCalls = { aggregate: 'COUNT' as const, label: 'Test calls' };
const seconds = { aggregate: 'COUNT' as const, label: 'Seconds' };
const jabraOnly = [{ column: 'vendor', operator: '==' as const, value: 'Jabra' }];
/** The error lines of the window: what every error chart of Logs and Errors counts (issue 34). */
const errorLines = [{ column: 'level', operator: '==' as const, value: 'ERROR' }];
const errorLogs = { aggregate: 'COUNT' as const, label: 'Error logs' };
const avg = (column: string, label: string) => ({ aggregate: 'AVG' as const, column, label });

/** The id of a dashboard's filter box (its agents and ISPs): not a chart of its rows. */
export const FILTER_BOX_ID = 'native-filters';

function dashboard(
  key: string,
  groupId: string,
  title: string,
  rows: { title?: string; cells: Cell[] }[],
  extra: Partial<DashboardSpec> = {},
): DashboardSpec {
  return {
    id: canvasDashboardId(key, groupId) ?? key,
    title,
    defaultTimeRange: 'Last 28 days',
    nativeFilters: ['time', 'agent', 'agent_isp'],
    filterBox: ChartSpecSchema.parse({
      id: FILTER_BOX_ID,
      title: 'Filters',
      vizType: 'filter_box',
      datasetId: 'calls',
      groupby: ['agent', 'agent_isp'],
      rowLimit: 500,
    }),
    ...extra,
    rows: rows.map((row) => ({
      ...(row.title ? { title: row.title } : {}),
      cells: row.cells.map(([chart, width]) => ({
        chart: ChartSpecSchema.parse({ datasetId: 'calls', ...chart }),
        width,
      })),
    })),
  };
}

const bigNumbers: Cell[] = [
  [{ id: 'calls', title: 'Calls', vizType: 'big_number_total', metrics: [count] }, 3],
  [
    {
      id: 'mos',
      title: 'Average MOS',
      vizType: 'big_number_total',
      metrics: [avg('mos_avg', 'MOS')],
    },
    3,
  ],
  [
    {
      id: 'score',
      title: 'Average Score',
      vizType: 'gauge_chart',
      metrics: [avg('score', 'Score')],
      unit: '/10',
    },
    3,
  ],
  [
    {
      id: 'agents',
      title: 'Agents',
      vizType: 'big_number_total',
      metrics: [{ aggregate: 'COUNT_DISTINCT', column: 'agent', label: 'Agents' }],
    },
    3,
  ],
];

const mosOverTime: Cell = [
  {
    id: 'mos-over-time',
    title: 'MOS over time',
    vizType: 'echarts_timeseries_line',
    metrics: [avg('mos_avg', 'MOS'), { aggregate: 'MIN', column: 'mos_min', label: 'Lowest MOS' }],
  },
  6,
];
const callsOverTime: Cell = [
  {
    id: 'calls-over-time',
    title: 'Calls over time',
    vizType: 'echarts_timeseries_bar',
    metrics: [count],
  },
  6,
];
const ispTable: Cell = [
  {
    id: 'isps',
    title: 'ISPs',
    vizType: 'table',
    groupby: ['agent_isp'],
    metrics: [
      count,
      avg('mos_avg', 'MOS'),
      avg('jitter_avg_ms', 'Jitter (ms)'),
      avg('rtt_avg_ms', 'RTT (ms)'),
      avg('packets_lost_percent', 'Loss (%)'),
    ],
    orderBy: { label: 'Calls', desc: true },
    rowLimit: 20,
  },
  12,
];
const tagsBar: Cell = [
  {
    id: 'issues',
    title: 'Reported issues',
    vizType: 'echarts_timeseries_bar',
    groupby: ['tags'],
    metrics: [count],
  },
  8,
];
const tagsPie: Cell = [
  {
    id: 'issues-share',
    title: 'Issues by kind',
    vizType: 'pie',
    groupby: ['tags'],
    metrics: [count],
  },
  4,
];
const worstCalls: Cell = [
  {
    id: 'worst-calls',
    title: 'Lowest-scoring calls',
    vizType: 'table',
    groupby: ['contact_id', 'agent'],
    metrics: [avg('score', 'Score'), avg('mos_avg', 'MOS')],
    orderBy: { label: 'Score', desc: false },
    rowLimit: 10,
  },
  12,
];

/** Home's dashboard id of a group (not a canvas key: the Home page reads its four sections). */
export const homeDashboardId = (groupId: string) => `home_${groupId}`;

/** The standard set for a group, by dashboard id. */
export function standardDashboards(groupId: string): DashboardSpec[] {
  const d = (
    key: keyof typeof CANVAS_SUFFIXES | 'default',
    ...rest: Parameters<typeof dashboard> extends [string, string, ...infer R] ? R : never
  ) => dashboard(key, groupId, ...rest);
  return [
    d('default', 'Overview', [
      { cells: bigNumbers },
      { cells: [callsOverTime, mosOverTime] },
      { cells: [tagsBar, tagsPie] },
    ]),
    d('technology', 'Networks, Applications and Equipment', [
      {
        cells: [
          [
            {
              id: 'network-types',
              title: 'Network types',
              vizType: 'pie',
              groupby: ['network_type'],
              metrics: [count],
            },
            4,
          ],
          [
            {
              id: 'browsers',
              title: 'Browsers',
              vizType: 'pie',
              groupby: ['browser_name'],
              metrics: [count],
            },
            4,
          ],
          [
            {
              id: 'networks',
              title: 'Networks (Network Labelling)',
              vizType: 'pie',
              groupby: ['network_label'],
              metrics: [count],
            },
            4,
          ],
        ],
      },
      { cells: [ispTable] },
      {
        cells: [
          [
            {
              id: 'mos-by-isp',
              title: 'MOS by ISP',
              vizType: 'box_plot',
              groupby: ['agent_isp'],
              metrics: [avg('mos_avg', 'MOS')],
            },
            6,
          ],
          [
            {
              id: 'rtt-by-network',
              title: 'RTT by network type',
              vizType: 'echarts_timeseries_line',
              groupby: ['network_type'],
              metrics: [avg('rtt_avg_ms', 'RTT (ms)')],
            },
            6,
          ],
        ],
      },
    ]),
    d('issues', 'Reported Issues and Insights', [
      { cells: [tagsBar, tagsPie] },
      { cells: [worstCalls] },
      {
        title: 'Workflows and test calls',
        cells: [
          [
            {
              id: 'workflow-firings',
              title: 'Workflow firings',
              datasetId: 'workflow_firings',
              vizType: 'echarts_timeseries_bar',
              groupby: ['result'],
              metrics: [{ aggregate: 'COUNT', label: 'Firings' }],
            },
            4,
          ],
          [
            {
              id: 'test-call-statuses',
              title: 'Test calls by status',
              datasetId: 'heartbeat_jobs',
              vizType: 'pie',
              groupby: ['status'],
              metrics: [testCalls],
            },
            4,
          ],
          [
            {
              id: 'test-call-scores',
              title: 'Test call scores',
              datasetId: 'heartbeat_jobs',
              vizType: 'echarts_timeseries_line',
              metrics: [
                avg('cx_score', 'CX Score'),
                avg('ax_score', 'AX Score'),
                avg('network_score', 'Network Score'),
              ],
            },
            4,
          ],
        ],
      },
    ]),
    d('calloverview', 'Call Overview', [
      {
        cells: [
          bigNumbers[0] as Cell,
          [
            {
              id: 'duration',
              title: 'Average duration',
              vizType: 'big_number_total',
              metrics: [avg('duration_seconds', 'Seconds')],
              unit: 's',
            },
            3,
          ],
          bigNumbers[1] as Cell,
          [
            {
              id: 'rtt-p95',
              title: 'RTT, 95th percentile',
              vizType: 'big_number_total',
              metrics: [{ aggregate: 'P95', column: 'rtt_avg_ms', label: 'RTT (ms)' }],
              unit: 'ms',
            },
            3,
          ],
        ],
      },
      {
        cells: [
          [{ ...callsOverTime[0], id: 'calls-per-day' }, 6],
          [{ ...mosOverTime[0], id: 'mos-per-day' }, 6],
        ],
      },
      {
        cells: [
          [
            {
              id: 'mos-histogram',
              title: 'MOS distribution',
              vizType: 'histogram',
              histogram: { column: 'mos_avg', bins: 20 },
            },
            6,
          ],
          [
            {
              id: 'calls-heatmap',
              title: 'Calls by time and agent',
              vizType: 'heatmap',
              // A time axis whose cells the window and the chart's width size (a minute at least).
              timeGrain: 'PT1M',
              groupby: ['agent'],
              metrics: [count],
              rowLimit: 2000,
            },
            6,
          ],
        ],
      },
      { cells: [worstCalls] },
    ]),
    d('agentoverview', 'Agent Overview', [
      {
        cells: [
          [
            {
              id: 'agents-table',
              title: 'Agents',
              vizType: 'table',
              groupby: ['agent'],
              metrics: [
                count,
                avg('score', 'Score'),
                avg('mos_avg', 'MOS'),
                avg('jitter_avg_ms', 'Jitter (ms)'),
                { aggregate: 'SUM', column: 'error_log_count', label: 'Error logs' },
              ],
              orderBy: { label: 'Calls', desc: true },
              rowLimit: 50,
            },
            12,
          ],
        ],
      },
      {
        cells: [
          [
            {
              id: 'mos-by-agent',
              title: 'MOS by agent',
              vizType: 'box_plot',
              groupby: ['agent'],
              metrics: [avg('mos_avg', 'MOS')],
              rowLimit: 30,
            },
            12,
          ],
        ],
      },
    ]),
    d('comparison', 'Cohort Comparison', [
      {
        cells: [
          [
            {
              id: 'mos-by-isp-over-time',
              title: 'MOS by ISP',
              vizType: 'echarts_timeseries_line',
              groupby: ['agent_isp'],
              metrics: [avg('mos_avg', 'MOS')],
            },
            6,
          ],
          [
            {
              id: 'mos-by-network-over-time',
              title: 'MOS by network type',
              vizType: 'echarts_timeseries_line',
              groupby: ['network_type'],
              metrics: [avg('mos_avg', 'MOS')],
            },
            6,
          ],
        ],
      },
      {
        cells: [
          [
            {
              id: 'score-by-country',
              title: 'Score by country',
              vizType: 'echarts_timeseries_bar',
              groupby: ['agent_country'],
              metrics: [avg('score', 'Score')],
            },
            12,
          ],
        ],
      },
    ]),
    d('logserrors', 'Logs and Errors', [
      {
        cells: [
          [
            {
              // The lines logged in the window (not the error counts of the calls started in it),
              // as the other charts of the dashboard read them (issue 34).
              id: 'error-logs',
              title: 'Error logs over time',
              datasetId: 'softphone_logs',
              vizType: 'echarts_area',
              filters: errorLines,
              metrics: [errorLogs],
            },
            8,
          ],
          [
            {
              id: 'error-logs-by-agent',
              title: 'Error logs by agent',
              datasetId: 'softphone_logs',
              vizType: 'pie',
              groupby: ['agent'],
              filters: errorLines,
              metrics: [errorLogs],
              rowLimit: 10,
            },
            4,
          ],
        ],
      },
      {
        title: 'Softphone logs',
        cells: [
          [
            {
              id: 'log-levels',
              title: 'Log lines by level',
              datasetId: 'softphone_logs',
              vizType: 'echarts_timeseries_bar',
              groupby: ['level'],
              metrics: [lines],
            },
            6,
          ],
          [
            {
              id: 'top-errors',
              title: 'Most frequent errors',
              datasetId: 'softphone_logs',
              vizType: 'table',
              groupby: ['message'],
              filters: errorLines,
              metrics: [lines, { aggregate: 'COUNT_DISTINCT', column: 'agent', label: 'Agents' }],
              orderBy: { label: 'Lines', desc: true },
              rowLimit: 10,
            },
            6,
          ],
        ],
      },
    ]),
    d('coverage', 'Collection Coverage', [
      {
        cells: [
          [
            {
              id: 'agents-over-time',
              title: 'Agents sending telemetry',
              vizType: 'echarts_timeseries_bar',
              metrics: [{ aggregate: 'COUNT_DISTINCT', column: 'agent', label: 'Agents' }],
            },
            6,
          ],
          callsOverTime,
        ],
      },
      {
        cells: [
          [
            {
              id: 'measured-seconds',
              title: 'Measured seconds',
              datasetId: 'call_seconds',
              vizType: 'echarts_timeseries_bar',
              metrics: [seconds],
            },
            6,
          ],
          [
            {
              id: 'load-test-calls',
              title: 'Load-test calls by status',
              datasetId: 'campaign_calls',
              vizType: 'pie',
              groupby: ['status'],
              metrics: [testCalls],
            },
            6,
          ],
        ],
      },
    ]),
    d('agentinteractions', 'Agent Interactions', [
      {
        cells: [
          [
            {
              id: 'agent-status-time',
              title: 'Time by agent status (s)',
              datasetId: 'call_seconds',
              vizType: 'pie',
              groupby: ['agent_status'],
              metrics: [seconds],
            },
            3,
          ],
          [
            {
              id: 'ended-by',
              title: 'Who ended the call',
              vizType: 'pie',
              groupby: ['ended_by'],
              metrics: [count],
            },
            3,
          ],
          [
            {
              id: 'directions',
              title: 'Directions',
              vizType: 'pie',
              groupby: ['direction'],
              metrics: [count],
            },
            3,
          ],
          [
            {
              id: 'disconnects',
              title: 'Disconnect reasons',
              vizType: 'table',
              groupby: ['disconnect_reason'],
              metrics: [count],
              orderBy: { label: 'Calls', desc: true },
              rowLimit: 10,
            },
            3,
          ],
        ],
      },
      {
        cells: [
          [
            {
              id: 'duration-histogram',
              title: 'Call durations (s)',
              vizType: 'histogram',
              histogram: { column: 'duration_seconds', bins: 20 },
            },
            12,
          ],
        ],
      },
    ]),
    d('customerexperience', 'Customer Experience', [
      {
        cells: [
          [
            {
              id: 'score-over-time',
              title: 'Average score',
              vizType: 'echarts_timeseries_line',
              metrics: [avg('score', 'Score')],
            },
            8,
          ],
          [
            {
              id: 'score-histogram',
              title: 'Scores',
              vizType: 'histogram',
              histogram: { column: 'score', bins: 10 },
            },
            4,
          ],
        ],
      },
      { cells: [worstCalls] },
    ]),
    {
      ...dashboard('default', groupId, 'Home', [
        // The four sections of Home (spec 002 §2.14), over 28 days, one row each.
        { title: 'Reported Issues and Insights', cells: [tagsBar, tagsPie] },
        {
          title: 'Technology CX Risk',
          cells: [
            [{ ...mosOverTime[0], id: 'tech-mos' }, 8],
            [
              {
                id: 'tech-networks',
                title: 'Network types',
                vizType: 'pie',
                groupby: ['network_type'],
                metrics: [count],
              },
              4,
            ],
          ],
        },
        {
          title: 'Operational CX Risk',
          cells: [
            [
              {
                id: 'ops-score',
                title: 'Average score',
                vizType: 'echarts_timeseries_line',
                metrics: [avg('score', 'Score')],
              },
              8,
            ],
            [
              {
                id: 'ops-ended-by',
                title: 'Who ended the call',
                vizType: 'pie',
                groupby: ['ended_by'],
                metrics: [count],
              },
              4,
            ],
          ],
        },
        {
          title: 'Collection Coverage',
          cells: [
            [
              {
                id: 'coverage-agents',
                title: 'Agents sending telemetry',
                vizType: 'echarts_timeseries_bar',
                metrics: [{ aggregate: 'COUNT_DISTINCT', column: 'agent', label: 'Agents' }],
              },
              8,
            ],
            [bigNumbers[0]?.[0] ?? { id: 'calls', title: 'Calls', vizType: 'big_number_total' }, 4],
          ],
        },
      ]),
      id: homeDashboardId(groupId),
    },
    d('conversationanalytics', 'Conversational Analytics', [
      {
        cells: [
          [
            {
              id: 'journeys',
              title: 'Journeys',
              datasetId: 'journeys',
              vizType: 'big_number_total',
              metrics: [journeysCount],
            },
            4,
          ],
          [
            {
              id: 'journey-duration',
              title: 'Average journey (s)',
              datasetId: 'journeys',
              vizType: 'big_number_total',
              metrics: [avg('duration_seconds', 'Duration (s)')],
            },
            4,
          ],
          [
            {
              id: 'journey-talk-time',
              title: 'Average talk time (s)',
              datasetId: 'journeys',
              vizType: 'big_number_total',
              metrics: [avg('talk_time', 'Talk Time (s)')],
            },
            4,
          ],
        ],
      },
      {
        cells: [
          [
            {
              id: 'journey-outcomes',
              title: 'Journeys by outcome',
              datasetId: 'journeys',
              vizType: 'echarts_timeseries_bar',
              groupby: ['outcome'],
              metrics: [journeysCount],
            },
            6,
          ],
          [
            {
              id: 'journey-platforms',
              title: 'Platforms',
              datasetId: 'journeys',
              vizType: 'pie',
              groupby: ['platform'],
              metrics: [journeysCount],
            },
            3,
          ],
          [
            {
              id: 'journeys-summarised',
              title: 'AI summaries',
              datasetId: 'journeys',
              vizType: 'pie',
              groupby: ['summarized'],
              metrics: [journeysCount],
            },
            3,
          ],
        ],
      },
      {
        cells: [
          [
            {
              id: 'failing-steps',
              title: 'Steps that fail',
              datasetId: 'journey_spans',
              vizType: 'table',
              groupby: ['service_name', 'name'],
              filters: [{ column: 'status', operator: '==', value: 'Error' }],
              metrics: [
                { aggregate: 'COUNT', label: 'Failures' },
                avg('duration_ms', 'Duration (ms)'),
              ],
              orderBy: { label: 'Failures', desc: true },
              rowLimit: 10,
            },
            12,
          ],
        ],
      },
      {
        cells: [
          [
            {
              id: 'journey-summaries',
              title: 'Latest AI summaries',
              datasetId: 'journeys',
              vizType: 'table',
              groupby: ['trace_id', 'platform', 'summary'],
              filters: [{ column: 'summarized', operator: '==', value: 'Summarised' }],
              metrics: [avg('duration_seconds', 'Duration (s)')],
              rowLimit: 20,
            },
            12,
          ],
        ],
      },
    ]),
    d(
      'jabra',
      'Jabra',
      [
        {
          cells: [
            [
              {
                id: 'jabra-models',
                title: 'Headsets in use',
                datasetId: 'device_events',
                vizType: 'table',
                groupby: ['model', 'firmware'],
                filters: jabraOnly,
                metrics: [
                  { aggregate: 'COUNT_DISTINCT', column: 'agent', label: 'Agents' },
                  { aggregate: 'COUNT', label: 'Events' },
                ],
                orderBy: { label: 'Agents', desc: true },
                rowLimit: 20,
              },
              6,
            ],
            [
              {
                id: 'jabra-events',
                title: 'Headset events',
                datasetId: 'device_events',
                vizType: 'echarts_timeseries_bar',
                groupby: ['type'],
                filters: jabraOnly,
                metrics: [{ aggregate: 'COUNT', label: 'Events' }],
              },
              6,
            ],
          ],
        },
      ],
      {
        needs:
          'This dashboard shows Jabra headset data: model, firmware and headset events (mute, volume, call control). None has come in for this group in this time range. It appears once the softphone sends device events to POST /api/ingest/v1/events: each with a type (e.g. device, device.mute), the agent, the call\'s contactId, and data naming vendor "Jabra" and the headset\'s model and firmware. The collector SDK sends them with collector.device({ vendor: "Jabra", model, firmware }), e.g. from what Jabra\'s browser SDK reports.',
        needsUnlessChart: 'jabra-models',
      },
    ),
  ];
}
