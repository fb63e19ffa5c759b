import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import {
  AGENT_REGION_NAMES,
  CONNECT_REGION_NAMES,
  DEFAULT_RANGES,
  type SyntheticJob,
} from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { RangeFilter } from '../synthetic/components/range-filter.tsx';
import type { InsightFilterKey } from '../synthetic/insights/criteria.ts';
import { FilterBar, ListFilter } from '../synthetic/insights/components/filter-bar.tsx';
import { insightColumns, isScored } from '../synthetic/insights/components/insight-columns.tsx';
import {
  TAB_FIGURES,
  type InsightTabSpec,
} from '../synthetic/insights/components/insight-tabs.tsx';
import { InsightsBody } from '../synthetic/insights/components/insights-body.tsx';
import { INSIGHT_TEXTS as T } from '../synthetic/insights/texts.ts';
import { useJobUpdates } from '../synthetic/use-job-updates.ts';
import { useInsightView } from '../synthetic/insights/use-insight-view.ts';

const PAGE = 'gsm/insights';
const FILTER_KEYS: readonly InsightFilterKey[] = ['regions', 'agentRegions'];
const asOptions = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));
const REGION_OPTIONS = asOptions(CONNECT_REGION_NAMES);
/** Spec 002 §9: the agent-region filter offers Los Angeles and Mumbai instead of Oregon and Singapore. */
const AGENT_REGION_OPTIONS = asOptions(AGENT_REGION_NAMES);

/**
 * /gsm/insights (spec 002 §2.4): CX, AX and Network scores of the monitor runs over time, four
 * gauge tabs against the previous period and an expandable table, by time range, connect
 * region and agent region; the view is kept per page (§3) and refetched when a run finishes (§4).
 */
export function GsmInsightsPage() {
  const { groupId = '' } = useParams();
  const view = useInsightView(PAGE, FILTER_KEYS);
  // Spec 002 §4: a Completed or Poor Call Quality job refetches.
  useJobUpdates(groupId, 'monitor', isScored);
  // Runs whose call went through have a report (as on GSM logs).
  const reportHref = useCallback(
    (job: SyntheticJob) => (isScored(job) ? paths.gsmJobReport.getHref(groupId, job.jobId) : null),
    [groupId],
  );
  const tabs = useMemo<InsightTabSpec[]>(() => {
    const C = insightColumns(reportHref);
    const where = [C.connectRegion, C.agentRegion];
    return [
      {
        key: 'telephony',
        ...TAB_FIGURES.telephony,
        columns: [C.timestamp, C.jobId, C.status, ...where, C.carrier],
      },
      {
        key: 'cx',
        ...TAB_FIGURES.cx,
        columns: [C.timestamp, C.jobId, C.cxScore, C.status, ...where, C.tags],
      },
      {
        key: 'ax',
        ...TAB_FIGURES.ax,
        columns: [C.timestamp, C.jobId, C.axScore, C.status, ...where, C.tags],
      },
      {
        key: 'network',
        ...TAB_FIGURES.network,
        columns: [C.timestamp, C.jobId, C.networkScore, C.mos, C.status, ...where],
      },
    ];
  }, [reportHref]);

  return (
    <>
      <PageHeader title={T.gsmTitle} subtitle={T.gsmSubtitle} />
      <FilterBar>
        <RangeFilter
          range={view.range}
          onRange={view.setRange}
          defaultRange={DEFAULT_RANGES.insights}
          testId="gsm-insights-range"
        />
        <ListFilter
          label={T.regions}
          options={REGION_OPTIONS}
          value={view.filters.regions ?? []}
          onChange={(values) => view.setFilter('regions', values)}
          testId="gsm-insights-regions"
        />
        <ListFilter
          label={T.agentRegions}
          options={AGENT_REGION_OPTIONS}
          value={view.filters.agentRegions ?? []}
          onChange={(values) => view.setFilter('agentRegions', values)}
          testId="gsm-insights-agent-regions"
        />
      </FilterBar>
      <InsightsBody
        groupId={groupId}
        kind="monitor"
        testId="gsm-insights"
        view={view}
        tabs={tabs}
        reportHref={reportHref}
        loadFailedText={T.jobsFailed}
      />
    </>
  );
}
