import { useEffect } from 'react';
import { useParams } from 'react-router';
import { SYNTHETIC_TEXTS, type JobState } from '@callsight/shared';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useJobDetails } from './api/get-job-details.ts';
import { useJobInsights } from './api/get-job-insights.ts';
import { useJobStats } from './api/get-job-stats.ts';
import type { JobKind } from './api/job-paths.ts';
import { useFailureSnackbar } from './use-failure-snackbar.ts';

/** The two error statuses whose stored message the report says in the snackbar (spec 002 §8). */
export const REPORT_ERROR_STATUSES: readonly JobState[] = ['Call Failed', 'Agent Error'];

/**
 * A job report's data (details, per-second stats, insights) for the :jobId of the URL. A
 * failed stats or insights load and the stored message of an error status go to the snackbar.
 */
export function useJobReport(kind: JobKind, crumbKey: string) {
  const { groupId = '', jobId = '' } = useParams();
  useCrumbLabel(crumbKey, jobId);
  const details = useJobDetails(groupId, kind, jobId);
  const stats = useJobStats(groupId, kind, jobId);
  const insights = useJobInsights(groupId, kind, jobId);
  const { show } = useSnackbar();

  const status = details.data?.job.status;
  const message = details.data?.message;
  useEffect(() => {
    if (status && message && REPORT_ERROR_STATUSES.includes(status)) show(message, 'error');
  }, [status, message, show]);
  useFailureSnackbar(stats.isError, SYNTHETIC_TEXTS.jobStatsFailed);
  useFailureSnackbar(insights.isError, SYNTHETIC_TEXTS.jobInsightsFailed);

  return { groupId, jobId, details, stats, insights };
}
