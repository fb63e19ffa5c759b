import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { TRACE_TEXTS } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { TimeRangePicker } from '../../../components/time-range-picker/index.ts';
import { useTraces } from '../api/get-traces.ts';
import { JourneyDrawer } from '../components/journey-drawer.tsx';
import { TraceFilters } from '../components/trace-filters.tsx';
import { TraceListTable } from '../components/trace-list-table.tsx';
import { cursorOfLink, useTraceListState } from '../url.ts';

/** /traces: the Journey Explorer list (spec 002 §2.13), with the slide-out of one journey. */
export function JourneyExplorerPage() {
  const { groupId = '' } = useParams();
  const state = useTraceListState();
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
          onOpen={state.openJourney}
        />
      </Stack>
      <JourneyDrawer groupId={groupId} traceId={state.journey} onClose={state.closeJourney} />
    </>
  );
}
