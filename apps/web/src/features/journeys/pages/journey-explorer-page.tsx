import { Navigate, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { TRACE_TEXTS } from '@callsight/shared';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { TimeRangePicker } from '../../../components/time-range-picker/index.ts';
import { useTraces } from '../api/get-traces.ts';
import { JourneyDrawer } from '../components/journey-drawer.tsx';
import { TraceFilters } from '../components/trace-filters.tsx';
import { TraceListTable } from '../components/trace-list-table.tsx';
import {
  cursorOfLink,
  isJourneySlideOut,
  legacyJourneyRedirect,
  useJourneySlideOut,
  useTraceListState,
} from '../url.ts';
import { TracePage } from './trace-page.tsx';

/**
 * /traces and /trace/{traceId} (spec 002 §2.13): the list, and one journey in its slide-out when
 * /trace/{traceId} is opened from the list (or an old /traces?journey= link); opened anew (a new
 * tab, a shared link) /trace/{traceId} is the full page. One component for both routes, so that
 * the list behind the slide-out stays mounted as it opens and closes.
 */
export function JourneyExplorerPage() {
  const { groupId = '', traceId } = useParams();
  const { search, state } = useLocation();
  if (traceId && !isJourneySlideOut(state)) return <TracePage />;
  const legacy = traceId ? null : legacyJourneyRedirect(groupId, search);
  if (legacy) return <Navigate to={legacy} replace state={{ journeySlideOut: 'link' }} />;
  return <JourneyList />;
}

function JourneyList() {
  const { groupId = '' } = useParams();
  const state = useTraceListState();
  const slideOut = useJourneySlideOut();
  useCrumbLabel('trace', slideOut.traceId);
  const traces = useTraces(groupId, state.apiQuery);

  const onPage = (next: number) => {
    const links = traces.data?.links;
    if (next > state.page) state.goToPage(next, cursorOfLink(links?.next));
    else state.goToPage(next, next === 0 ? null : cursorOfLink(links?.prev));
  };

  return (
    <>
      <PageHeader
        title="Journey Explorer"
        subtitle="Customer journeys from OpenTelemetry traces, span by span."
        actions={
          <TimeRangePicker
            value={state.range}
            onChange={state.setRange}
            data-testid="trace-time-range"
          />
        }
      />
      <Stack spacing={2}>
        <TraceFilters
          filters={state.filters}
          onAdd={state.addFilters}
          onRemove={state.removeFilter}
        />
        {traces.isError && (
          <Alert severity="error">{`${TRACE_TEXTS.loadFailed}: ${traces.error.message}`}</Alert>
        )}
        <TraceListTable
          page={traces.data}
          loading={traces.isFetching}
          pageIndex={state.page}
          size={state.size}
          sortDirection={state.sortDirection}
          onSort={state.toggleSort}
          onPage={onPage}
          onSize={state.setSize}
          onOpen={slideOut.open}
        />
      </Stack>
      <JourneyDrawer groupId={groupId} traceId={slideOut.traceId} onClose={slideOut.close} />
    </>
  );
}
