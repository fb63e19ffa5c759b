import { useParams } from 'react-router';
import { DEFAULT_RANGES, SYNTHETIC_TEXTS } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { JOB_COLUMNS as C, reportColumn } from '../../gsm/synthetic/components/job-columns.tsx';
import { JobsTable } from '../../gsm/synthetic/components/jobs-table.tsx';
import { HEARTBEAT_SCREEN_TEXTS as T } from '../texts.ts';
import { useJobUpdates } from '../../gsm/synthetic/use-job-updates.ts';

/**
 * /gsm/heartbeat/logs (spec 002 §2.7): every heartbeat call of the last 7 days with its scores
 * ('N/A' for the failure statuses) and a Report link; updated live through push.
 */
export function HeartbeatLogsPage() {
  const { groupId = '' } = useParams();
  useJobUpdates(groupId, 'heartbeat');
  const columns = [
    C.createdOn,
    C.jobId,
    C.heartbeatId,
    C.agentId,
    C.cxScore,
    C.axScore,
    C.networkScore,
    C.diallerCallId,
    C.receiverCallId,
    C.status,
    C.updatedOn,
    C.description,
    C.carrier,
    reportColumn((job) => paths.heartbeatJobReport.getHref(groupId, job.jobId)),
  ];
  return (
    <>
      <PageHeader title={T.logsTitle} subtitle={T.logsSubtitle} />
      <JobsTable
        kind="heartbeat"
        label={T.logsTitle}
        testId="heartbeat-logs"
        columns={columns}
        defaultRange={DEFAULT_RANGES.heartbeat}
        loadFailedText={SYNTHETIC_TEXTS.heartbeatLoadFailed}
      />
    </>
  );
}
