import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { AGENT_TYPES, DEFAULT_RANGES, SYNTHETIC_TEXTS, type SyntheticJob } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { RangeFilter } from '../../gsm/synthetic/components/range-filter.tsx';
import {
  normalizeTargetNumber,
  type InsightFilterKey,
} from '../../gsm/synthetic/insights/criteria.ts';
import { FilterBar, ListFilter } from '../../gsm/synthetic/insights/components/filter-bar.tsx';
import { insightColumns } from '../../gsm/synthetic/insights/components/insight-columns.tsx';
import {
  TAB_FIGURES,
  type InsightTabSpec,
} from '../../gsm/synthetic/insights/components/insight-tabs.tsx';
import { InsightsBody } from '../../gsm/synthetic/insights/components/insights-body.tsx';
import { INSIGHT_TEXTS as T } from '../../gsm/synthetic/insights/texts.ts';
import { useJobUpdates } from '../../gsm/synthetic/use-job-updates.ts';
import { isScored } from '../../gsm/synthetic/insights/components/insight-columns.tsx';
import { useInsightView } from '../../gsm/synthetic/insights/use-insight-view.ts';
import { useTestOptions } from '../api/get-test-options.ts';

const PAGE = 'gsm/heartbeat/insights';
const FILTER_KEYS: readonly InsightFilterKey[] = ['agentType', 'number'];
const AGENT_TYPE_OPTIONS = AGENT_TYPES.map((t) => ({ value: t.value, label: t.label }));
const NUMBER_INPUT = { normalize: normalizeTargetNumber, hint: T.addNumberHint };

/**
 * /gsm/heartbeat/insights (spec 002 §2.8): scores of the heartbeat calls over time (a point opens
 * its report), and the Telephony, CX Score, AX Score and Network Performance tabs, by time range,
 * agent type and target phone number; kept per page (§3), refetched when a call finishes (§4).
 */
export function HeartbeatInsightsPage() {
  const { groupId = '' } = useParams();
  const view = useInsightView(PAGE, FILTER_KEYS);
  // Spec 002 §4: a Completed or Poor Call Quality job refetches.
  useJobUpdates(groupId, 'heartbeat', isScored);
  // The Heartbeat Config's numbers (admins may read it); others type theirs.
  const configured = useTestOptions(groupId).data?.targetPhoneNumbers;
  const selectedNumbers = view.filters.number;
  const numberOptions = useMemo(
    () =>
      [...new Set([...(configured ?? []), ...(selectedNumbers ?? [])])].map((n) => ({
        value: n,
        label: n,
      })),
    [configured, selectedNumbers],
  );
  const reportHref = useCallback(
    (job: SyntheticJob) => paths.heartbeatJobReport.getHref(groupId, job.jobId),
    [groupId],
  );
  const tabs = useMemo<InsightTabSpec[]>(() => {
    const C = insightColumns(reportHref);
    const who = [C.agentType, C.agentId, C.targetNumber];
    return [
      {
        key: 'telephony',
        ...TAB_FIGURES.telephony,
        columns: [C.timestamp, C.jobId, C.status, ...who, C.carrier],
      },
      {
        key: 'cx',
        ...TAB_FIGURES.cx,
        columns: [C.timestamp, C.jobId, C.cxScore, C.status, ...who, C.tags],
      },
      {
        key: 'ax',
        ...TAB_FIGURES.ax,
        columns: [C.timestamp, C.jobId, C.axScore, C.status, ...who, C.tags],
      },
      {
        key: 'network',
        ...TAB_FIGURES.network,
        columns: [C.timestamp, C.jobId, C.networkScore, C.mos, C.status, ...who],
      },
    ];
  }, [reportHref]);

  return (
    <>
      <PageHeader title={T.heartbeatTitle} subtitle={T.heartbeatSubtitle} />
      <FilterBar>
        <RangeFilter
          range={view.range}
          onRange={view.setRange}
          defaultRange={DEFAULT_RANGES.insights}
          testId="heartbeat-insights-range"
        />
        <ListFilter
          label={T.agentType}
          options={AGENT_TYPE_OPTIONS}
          value={view.filters.agentType ?? []}
          onChange={(values) => view.setFilter('agentType', values)}
          testId="heartbeat-insights-agent-type"
        />
        <ListFilter
          label={T.targetPhoneNumber}
          options={numberOptions}
          value={selectedNumbers ?? []}
          onChange={(values) => view.setFilter('number', values)}
          freeSolo={NUMBER_INPUT}
          testId="heartbeat-insights-number"
        />
      </FilterBar>
      <InsightsBody
        groupId={groupId}
        kind="heartbeat"
        testId="heartbeat-insights"
        view={view}
        tabs={tabs}
        reportHref={reportHref}
        loadFailedText={SYNTHETIC_TEXTS.heartbeatLoadFailed}
      />
    </>
  );
}
