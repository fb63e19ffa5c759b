import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TRACE_TEXTS,
  TraceParseError,
  processTrace,
  type ProcessedTrace,
  type SpanTab,
} from '@callsight/shared';
import { useTrace } from '../api/get-trace.ts';
import { SpanTabs } from './span-tabs.tsx';
import { TraceTimeline } from './trace-timeline.tsx';

interface Props {
  groupId: string;
  traceId: string;
  /** The selected span; the first span when missing or unknown. */
  spanId: string | undefined;
  tab: SpanTab;
  onSelect: (spanId: string, tab: SpanTab) => void;
  timelineHeight?: number;
}

type Parsed = { ok: true; trace: ProcessedTrace } | { ok: false; reason: string };

/**
 * One journey: its timeline and the tabs of the selected span. The trace load goes idle,
 * loading, then success or error (spec 002 §4); a trace failing the spec 5 checks shows
 * "Failed to load trace data" with the reason.
 */
export function TraceView({
  groupId,
  traceId,
  spanId,
  tab,
  onSelect,
  timelineHeight = 360,
}: Props) {
  const query = useTrace(groupId, traceId);
  const parsed = useMemo<Parsed | null>(() => {
    if (!query.data) return null;
    try {
      return { ok: true, trace: processTrace(query.data) };
    } catch (err) {
      if (err instanceof TraceParseError) return { ok: false, reason: err.message };
      throw err;
    }
  }, [query.data]);

  // The first span is selected when none (or an unknown one) is given (spec 002 §2.13).
  const firstSpanId = parsed?.ok ? parsed.trace.spans[0]?.spanId : undefined;
  const known = parsed?.ok ? parsed.trace.spans.some((s) => s.spanId === spanId) : true;
  useEffect(() => {
    if (firstSpanId && !known) onSelect(firstSpanId, tab);
  }, [firstSpanId, known, onSelect, tab]);

  if (query.isPending)
    return (
      <Stack sx={{ py: 6, alignItems: 'center' }} aria-busy="true" data-testid="trace-loading">
        <CircularProgress />
      </Stack>
    );
  if (query.isError)
    return (
      <Alert severity="error" data-testid="trace-error">
        {`${TRACE_TEXTS.loadFailed}: ${query.error.message}`}
      </Alert>
    );
  if (!parsed || !parsed.ok)
    return (
      <Alert severity="error" data-testid="trace-error">
        {parsed ? `${TRACE_TEXTS.loadFailed}: ${parsed.reason}` : TRACE_TEXTS.noTraceData}
      </Alert>
    );
  const { trace } = parsed;
  const span = trace.spans.find((s) => s.spanId === spanId) ?? trace.spans[0];
  if (!span) return <Typography color="text.secondary">{TRACE_TEXTS.noTraceData}</Typography>;
  return (
    <Stack spacing={2}>
      <TraceTimeline
        trace={trace}
        selectedSpanId={span.spanId}
        onSelect={(id) => onSelect(id, tab)}
        height={timelineHeight}
      />
      <Box>
        <SpanTabs
          key={span.spanId}
          groupId={groupId}
          traceId={traceId}
          span={span}
          tab={tab}
          onTab={(next) => onSelect(span.spanId, next)}
        />
      </Box>
    </Stack>
  );
}
