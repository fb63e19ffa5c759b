import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import Stack from '@mui/material/Stack';
import { SPAN_TABS, TRACE_TEXTS, type SpanTab } from '@callsight/shared';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { TraceView } from '../components/trace-view.tsx';

const isSpanTab = (tab: string | undefined): tab is SpanTab =>
  (SPAN_TABS as readonly (string | undefined)[]).includes(tab);

/**
 * /trace/:traceId(/span/:spanId/:tab?) and the same under /traces/trace: one journey on a full
 * page. The span and tab live in the URL; an unknown tab redirects to detail (spec 002 §2.13).
 */
export function TracePage() {
  const { groupId = '', traceId = '', spanId, tab } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useCrumbLabel('trace', traceId);
  useCrumbLabel('span', spanId);
  const underTraces = pathname.includes('/traces/trace/');
  const spanHref = useCallback(
    (span: string, t: SpanTab) =>
      underTraces
        ? paths.tracesSpan.getHref(groupId, traceId, span, t)
        : paths.traceSpan.getHref(groupId, traceId, span, t),
    [underTraces, groupId, traceId],
  );
  // Choosing a span or tab adds a history entry; the automatic first choice replaces the URL.
  const onSelect = useCallback(
    (span: string, t: SpanTab) => void navigate(spanHref(span, t), { replace: !spanId }),
    [navigate, spanHref, spanId],
  );

  if (spanId && !isSpanTab(tab)) return <Navigate to={spanHref(spanId, 'detail')} replace />;

  return (
    <>
      <PageHeader title={TRACE_TEXTS.journeyTitle(traceId)} />
      <Stack spacing={2}>
        <TraceView
          groupId={groupId}
          traceId={traceId}
          spanId={spanId}
          tab={isSpanTab(tab) ? tab : 'detail'}
          onSelect={onSelect}
          timelineHeight={420}
        />
      </Stack>
    </>
  );
}
