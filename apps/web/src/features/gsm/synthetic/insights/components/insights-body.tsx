import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TELEPHONY_STATUSES, type InsightJob } from '@callsight/shared';
import type { JobKind } from '../../api/job-paths.ts';
import { useFailureSnackbar } from '../../use-failure-snackbar.ts';
import { useInsightJobs } from '../api/get-insight-jobs.ts';
import { usePeriodStats } from '../api/get-period-stats.ts';
import { INSIGHT_TEXTS as T } from '../texts.ts';
import type { InsightView } from '../use-insight-view.ts';
import type { ReportHref } from './insight-columns.tsx';
import { InsightTabs, type InsightTabSpec } from './insight-tabs.tsx';
import { ScoresScatterChart } from './scores-scatter-chart.tsx';

interface Props {
  groupId: string;
  kind: JobKind;
  testId: string;
  view: InsightView;
  tabs: readonly InsightTabSpec[];
  /** The job's report, or null when it has none. */
  reportHref: ReportHref;
  /** The snackbar text when the jobs cannot be loaded. */
  loadFailedText: string;
}

/**
 * The body of an insights page (spec 002 §2.4, §2.8): the scores over time and the four gauge
 * tabs of the window and filters. The Telephony gauge counts the telephony statuses (§9), the
 * score gauges Completed and Poor Call Quality (§7.1).
 */
export function InsightsBody({
  groupId,
  kind,
  testId,
  view,
  tabs,
  reportHref,
  loadFailedText,
}: Props) {
  const navigate = useNavigate();
  const { range, filters } = view;
  const jobs = useInsightJobs(groupId, kind, { range, filters });
  const scores = usePeriodStats(groupId, kind, { range, filters });
  const telephony = usePeriodStats(groupId, kind, {
    range,
    filters,
    statuses: TELEPHONY_STATUSES,
  });
  useFailureSnackbar(jobs.isError, loadFailedText);
  useFailureSnackbar(scores.isError || telephony.isError, T.statsFailed);

  const rows = jobs.isError ? [] : jobs.data?.data;
  const total = jobs.data?.total ?? rows?.length ?? 0;
  const at = useMemo(() => new Date(jobs.dataUpdatedAt || Date.now()), [jobs.dataUpdatedAt]);
  const open = useCallback(
    (job: InsightJob) => {
      const href = reportHref(job);
      if (href) void navigate(href);
    },
    [navigate, reportHref],
  );
  const fetching = jobs.isFetching || scores.isFetching || telephony.isFetching;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {fetching && (
          <LinearProgress
            aria-label="Loading insights"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 3 }}
          />
        )}
        <Box sx={{ px: 2, pt: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {T.scoresOverTime}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {T.scatterHint}
          </Typography>
        </Box>
        <Box sx={{ px: 1, pb: 1 }}>
          <ScoresScatterChart jobs={rows} range={range} at={at} onOpen={open} />
        </Box>
        {rows && total > rows.length && (
          <Alert severity="info" sx={{ m: 2, mt: 0 }}>
            {T.truncated(rows.length, total)}
          </Alert>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <InsightTabs
          kind={kind}
          testId={`${testId}-tabs`}
          tabs={tabs}
          view={view}
          jobs={rows}
          jobsLoading={jobs.isFetching}
          stats={{ telephony: telephony.data, scores: scores.data }}
          statsLoading={scores.isFetching || telephony.isFetching}
          reportHref={reportHref}
        />
      </Paper>
    </Stack>
  );
}
