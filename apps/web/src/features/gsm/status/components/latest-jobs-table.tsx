import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  SCORED_STATUSES,
  SYNTHETIC_TEXTS,
  type SyntheticJob,
  type TimeRange,
} from '@callsight/shared';
import { DataTable } from '../../../../components/data-table/index.ts';
import { paths } from '../../../../lib/paths.ts';
import { JOB_COLUMNS as C, reportColumn } from '../../synthetic/components/job-columns.tsx';
import { useFailureSnackbar } from '../../synthetic/use-failure-snackbar.ts';
import { useLatestJobs, type LatestJobsRequest } from '../api/get-latest-jobs.ts';
import { STATUS_TEXTS as T } from '../texts.ts';

/** How many of the latest jobs the sample shows. */
export const SAMPLE_SIZE = 10;

/** Jobs whose call went through have a report (as on the GSM logs). */
const hasReport = (job: SyntheticJob) =>
  (SCORED_STATUSES as readonly string[]).includes(job.status);

interface Props {
  range: TimeRange;
  region: LatestJobsRequest['region'];
  title: string;
  header?: ReactNode;
}

/** A sample of the latest monitor jobs of the range (of the region picked), with report links. */
export function LatestJobsTable({ range, region, title, header }: Props) {
  const { groupId = '' } = useParams();
  const jobs = useLatestJobs(groupId, 'monitor', { range, region, size: SAMPLE_SIZE });
  useFailureSnackbar(jobs.isError, T.jobsLoadFailed);
  const columns = [
    C.createdOn,
    C.connectRegion,
    C.agentRegion,
    C.status,
    C.mos,
    C.cxScore,
    C.axScore,
    C.networkScore,
    reportColumn((job) => (hasReport(job) ? paths.gsmJobReport.getHref(groupId, job.jobId) : null)),
  ];
  return (
    <DataTable
      label={title}
      rows={jobs.isError ? [] : jobs.data}
      columns={columns}
      getRowId={(job) => job.jobId}
      loading={jobs.isFetching}
      emptyText={SYNTHETIC_TEXTS.noDataFound}
      testIds={{ table: 'status-latest-jobs', row: 'status-latest-job-row' }}
      columnVisibilityKey="status-latest-jobs/columns"
      header={header}
    />
  );
}
