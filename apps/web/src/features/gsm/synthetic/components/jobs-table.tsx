import { useParams } from 'react-router';
import { SYNTHETIC_LIMITS, SYNTHETIC_TEXTS, type TimeRange } from '@callsight/shared';
import { DataTable, TABLE_PAGING } from '../../../../components/data-table/index.ts';
import { useJobs } from '../api/get-jobs.ts';
import type { JobKind } from '../api/job-paths.ts';
import { useListWindow } from '../list-window.ts';
import { useFailureSnackbar } from '../use-failure-snackbar.ts';
import type { JobColumn } from './job-columns.tsx';
import { RangeFilter } from './range-filter.tsx';

interface Props {
  kind: JobKind;
  label: string;
  testId: string;
  columns: readonly JobColumn[];
  defaultRange: TimeRange;
  /** The snackbar text when the list cannot be loaded. */
  loadFailedText: string;
}

/** A job log (spec 002 §2.2, §2.7): paged on the server, 10 a page, in a time range. */
export function JobsTable({ kind, label, testId, columns, defaultRange, loadFailedText }: Props) {
  const { groupId = '' } = useParams();
  const { range, setRange, page, setPage } = useListWindow(defaultRange);
  const size = SYNTHETIC_LIMITS.pageSize;
  const jobs = useJobs(groupId, kind, { range, page, size });
  useFailureSnackbar(jobs.isError, loadFailedText);
  return (
    <DataTable
      label={label}
      testIds={{ table: testId }}
      columns={columns}
      rows={jobs.isError ? [] : jobs.data?.data}
      getRowId={(job) => job.jobId}
      loading={jobs.isFetching}
      emptyText={SYNTHETIC_TEXTS.noDataFound}
      columnVisibilityKey={`${testId}/columns`}
      paging={{
        mode: 'server',
        page,
        pageSize: size,
        total: jobs.data?.total ?? jobs.data?.data.length ?? 0,
        pageSizeOptions: TABLE_PAGING.default.options,
        onPageChange: setPage,
      }}
      header={
        <RangeFilter
          range={range}
          onRange={setRange}
          defaultRange={defaultRange}
          testId={`${testId}-range`}
        />
      }
    />
  );
}
