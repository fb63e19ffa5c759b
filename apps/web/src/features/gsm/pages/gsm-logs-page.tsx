import { useParams } from 'react-router';
import { DEFAULT_RANGES, SCORED_STATUSES, type SyntheticJob } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { JOB_COLUMNS as C, reportColumn } from '../synthetic/components/job-columns.tsx';
import { JobsTable } from '../synthetic/components/jobs-table.tsx';
import { GSM_SCREEN_TEXTS as T } from '../texts.ts';

/** Jobs whose call went through (Completed, or Completed with poor quality) have a report. */
const hasReport = (job: SyntheticJob) =>
  (SCORED_STATUSES as readonly string[]).includes(job.status);

/** /gsm/logs (spec 002 §2.2): every monitor run of the last 7 days; completed ones link to their report. */
export function GsmLogsPage() {
  const { groupId = '' } = useParams();
  const columns = [
    C.createdOn,
    C.jobId,
    C.monitorId,
    C.connectRegion,
    C.agentRegion,
    C.mos,
    C.cxScore,
    C.axScore,
    C.networkScore,
    C.status,
    C.updatedOn,
    C.description,
    reportColumn((job) => (hasReport(job) ? paths.gsmJobReport.getHref(groupId, job.jobId) : null)),
  ];
  return (
    <>
      <PageHeader title={T.logsTitle} subtitle={T.logsSubtitle} />
      <JobsTable
        kind="monitor"
        label={T.logsTitle}
        testId="gsm-logs"
        columns={columns}
        defaultRange={DEFAULT_RANGES.gsmLogs}
        loadFailedText={T.logsLoadFailed}
      />
    </>
  );
}
