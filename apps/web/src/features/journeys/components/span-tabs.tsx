import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  JOURNEY_ROOT_SPAN_NAME,
  SPAN_TABS,
  TRACE_TEXTS,
  formatDisplayDate,
  formatDurationMs,
  type AttributeValue,
  type ProcessedSpan,
  type SpanLogs,
  type SpanTab,
} from '@callsight/shared';
import { CallCharts } from '../../../components/call-charts/index.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { useInsightRules } from '../api/get-insight-rules.ts';
import { useSpanCall } from '../api/get-span-call.ts';
import { useSpanInsights } from '../api/get-span-insights.ts';
import { useSpanLogs } from '../api/get-span-logs.ts';
import { AiSummaryTab } from './ai-summary-tab.tsx';

const TAB_LABELS: Record<SpanTab, string> = {
  detail: 'Detail',
  events: 'Events',
  insights: 'Insights',
  charts: 'Charts',
  'ai-summary': 'AI Summary',
  logs: 'Logs',
};

interface Props {
  groupId: string;
  traceId: string;
  span: ProcessedSpan;
  tab: SpanTab;
  onTab: (tab: SpanTab) => void;
}

/** The tabs of the selected span (spec 002 §2.13): detail, events, insights, charts, AI, logs. */
export function SpanTabs({ groupId, traceId, span, tab, onTab }: Props) {
  return (
    <Paper variant="outlined" data-testid="span-tabs">
      <Stack
        direction="row"
        spacing={1}
        sx={{ px: 2, pt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="span-title">
          {span.name}
        </Typography>
        <Chip size="small" label={span.serviceName} />
        <StatusChip status={span.statusCode} />
        <Typography variant="body2" color="text.secondary">
          {formatDurationMs(span.durationMs)}
        </Typography>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, value: SpanTab) => onTab(value)}
        variant="scrollable"
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {SPAN_TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            data-testid={`span-tab-${t}`}
            label={
              t === 'insights' && span.insightsCount > 0
                ? `${TAB_LABELS[t]} (${span.insightsCount})`
                : TAB_LABELS[t]
            }
          />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }} data-testid={`span-panel-${tab}`}>
        {tab === 'detail' && <DetailTab span={span} />}
        {tab === 'events' && <EventsTab span={span} />}
        {tab === 'insights' && <InsightsTab groupId={groupId} traceId={traceId} span={span} />}
        {tab === 'charts' && <ChartsTab groupId={groupId} span={span} />}
        {tab === 'ai-summary' && (
          <AiSummaryTab
            traceId={traceId}
            spanId={span.spanId}
            isRootJourneySpan={span.name === JOURNEY_ROOT_SPAN_NAME && span.depth === 0}
          />
        )}
        {tab === 'logs' && <LogsTab groupId={groupId} traceId={traceId} span={span} />}
      </Box>
    </Paper>
  );
}

function StatusChip({ status }: { status: ProcessedSpan['statusCode'] }) {
  const color = status === 'ERROR' ? 'error' : status === 'OK' ? 'success' : 'default';
  return <Chip size="small" variant="outlined" color={color} label={status} />;
}

function Empty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}

function Loading() {
  return (
    <Stack sx={{ py: 3, alignItems: 'center' }} aria-busy="true">
      <CircularProgress size={24} />
    </Stack>
  );
}

const showValue = (v: AttributeValue): string =>
  v === null ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v);
const showTime = (ms: number) => formatDisplayDate(ms, { style: 'dateTimeMs' });

function Pairs({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(160px, 30%) 1fr', rowGap: 0.75, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 13 }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function DetailTab({ span }: { span: ProcessedSpan }) {
  const attributes = Object.entries(span.attributes);
  const resource = Object.entries(span.resourceAttributes);
  return (
    <Stack spacing={2}>
      <Pairs
        rows={[
          ['Span ID', span.spanId],
          ['Parent span ID', span.parentSpanId ?? '-'],
          ['Service', span.serviceName],
          [
            'Status',
            span.statusMessage ? `${span.statusCode}: ${span.statusMessage}` : span.statusCode,
          ],
          ['Start', showTime(span.startMs)],
          ['End', showTime(span.endMs)],
          ['Duration', formatDurationMs(span.durationMs)],
          ['Depth', String(span.depth)],
          ['Call ID', span.callId ?? '-'],
        ]}
      />
      <Typography variant="subtitle2">Attributes</Typography>
      {attributes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          -
        </Typography>
      ) : (
        <Pairs rows={attributes.map(([k, v]) => [k, showValue(v)])} />
      )}
      {resource.length > 0 && (
        <>
          <Typography variant="subtitle2">Resource</Typography>
          <Pairs rows={resource.map(([k, v]) => [k, showValue(v)])} />
        </>
      )}
    </Stack>
  );
}

type SpanEvent = ProcessedSpan['events'][number] & { key: string };

function EventsTab({ span }: { span: ProcessedSpan }) {
  if (span.events.length === 0) return <Empty text={TRACE_TEXTS.noEvents} />;
  const columns: DataTableColumn<SpanEvent>[] = [
    { field: 'time', headerName: 'Time', minWidth: 190, text: (e) => showTime(e.timeMs) },
    {
      field: 'offset',
      headerName: 'Offset',
      minWidth: 80,
      flex: 0.5,
      text: (e) => `+${formatDurationMs(e.timeMs - span.startMs)}`,
    },
    { field: 'name', headerName: 'Name', text: (e) => e.name },
    {
      field: 'attributes',
      headerName: 'Attributes',
      flex: 2,
      mono: true,
      breakAnywhere: true,
      text: (e) =>
        Object.entries(e.attributes)
          .map(([k, v]) => `${k}=${showValue(v)}`)
          .join(', ') || '-',
    },
  ];
  return (
    <DataTable
      label="Events"
      testIds={{ row: 'span-event' }}
      rows={span.events.map((e, i) => ({ ...e, key: `${e.name}-${i}` }))}
      getRowId={(e) => e.key}
      columns={columns}
      emptyText={TRACE_TEXTS.noEvents}
    />
  );
}

function InsightsTab({
  groupId,
  traceId,
  span,
}: {
  groupId: string;
  traceId: string;
  span: ProcessedSpan;
}) {
  const insights = useSpanInsights(groupId, traceId, span.spanId);
  const rules = useInsightRules(groupId);
  if (insights.isPending) return <Loading />;
  // Failed insight fetches are logged and skipped (spec 002 §8).
  if (insights.isError) {
    console.error('Could not load the insights of span', span.spanId, insights.error);
    return <Empty text={TRACE_TEXTS.noInsights} />;
  }
  if (insights.data.data.length === 0) return <Empty text={TRACE_TEXTS.noInsights} />;
  const describe = (type: string, fallback: string) =>
    rules.data?.data.find((r) => r.id === type)?.description ?? fallback;
  return (
    <Stack spacing={1}>
      {insights.data.data.map((i) => (
        <Alert
          key={i.id}
          severity={i.insight_type === 'failed-status' ? 'error' : 'warning'}
          variant="outlined"
          data-testid="span-insight"
        >
          <Typography variant="subtitle2">
            {i.config.name}: {i.value_string}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {describe(i.insight_type, i.config.description)}
          </Typography>
        </Alert>
      ))}
    </Stack>
  );
}

function ChartsTab({ groupId, span }: { groupId: string; span: ProcessedSpan }) {
  if (!span.callId || !span.callLinked) return <Empty text={TRACE_TEXTS.noData} />;
  return <LinkedCallCharts groupId={groupId} callId={span.callId} />;
}

function LinkedCallCharts({ groupId, callId }: { groupId: string; callId: string }) {
  const call = useSpanCall(groupId, callId);
  if (call.isPending) return <Loading />;
  if (call.isError)
    return (
      <Alert severity="error" variant="outlined">
        {`${TRACE_TEXTS.loadFailed}: ${call.error.message}`}
      </Alert>
    );
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Call {callId}
      </Typography>
      <CallCharts detail={call.data} />
    </Stack>
  );
}

type SpanLog = SpanLogs['data'][number] & { key: string };

const LOG_COLUMNS: DataTableColumn<SpanLog>[] = [
  {
    field: 'time',
    headerName: 'Time',
    nowrap: true,
    minWidth: 190,
    text: (l) => showTime(Date.parse(l.time)),
  },
  {
    field: 'level',
    headerName: 'Level',
    width: 90,
    text: (l) => l.level,
    render: (l) => (
      <Chip
        size="small"
        label={l.level}
        color={l.level === 'ERROR' ? 'error' : l.level === 'WARN' ? 'warning' : 'default'}
      />
    ),
  },
  { field: 'agent', headerName: 'Agent', text: (l) => l.agent },
  { field: 'text', headerName: 'Text', flex: 2, text: (l) => l.text },
];

function LogsTab({
  groupId,
  traceId,
  span,
}: {
  groupId: string;
  traceId: string;
  span: ProcessedSpan;
}) {
  const logs = useSpanLogs(groupId, traceId, span.spanId);
  if (logs.isPending) return <Loading />;
  if (logs.isError)
    return (
      <Alert severity="error" variant="outlined">
        {TRACE_TEXTS.logsError(logs.error.message)}
      </Alert>
    );
  if (logs.data.data.length === 0) return <Empty text={TRACE_TEXTS.noLogs} />;
  return (
    <DataTable
      label="Logs"
      testIds={{ row: 'span-log' }}
      rows={logs.data.data.map((l, i) => ({ ...l, key: `${l.time}-${i}` }))}
      getRowId={(l) => l.key}
      columns={LOG_COLUMNS}
      emptyText={TRACE_TEXTS.noLogs}
    />
  );
}
