import { useMemo } from 'react';
import { SYNTHETIC_TEXTS, type InsightJob } from '@callsight/shared';
import { DataTable, TABLE_PAGING } from '../../../../../components/data-table/index.ts';
import { sortRows } from '../../../../../components/data-table/display-rows.ts';
import type { JobKind } from '../../api/job-paths.ts';
import type { InsightSort } from '../use-insight-view.ts';
import type { InsightColumn, ReportHref } from './insight-columns.tsx';
import { JobPreview } from './job-preview.tsx';

interface Props {
  kind: JobKind;
  label: string;
  testId: string;
  columns: readonly InsightColumn[];
  jobs: readonly InsightJob[] | undefined;
  loading: boolean;
  sort: InsightSort;
  onSort: (sort: InsightSort) => void;
  reportHref: ReportHref;
}

/**
 * An insights table (spec 002 §2.4, §2.8, §9): 5 rows a page with options 5, 10 and 50, sorted
 * by the tab's saved sort, each row expandable to a preview of the job's details.
 */
export function InsightTable(props: Props) {
  const { columns, jobs, sort, onSort, kind, reportHref } = props;
  const rows = useMemo(() => {
    if (!jobs) return undefined;
    const column = columns.find((c) => c.field === sort.field);
    if (!column) return jobs;
    const value = column.sortValue ?? column.text ?? (() => null);
    return sortRows(jobs, value, sort.direction);
  }, [jobs, columns, sort]);
  return (
    <DataTable
      label={props.label}
      testIds={{ table: props.testId }}
      rows={rows}
      columns={columns}
      getRowId={(job) => job.jobId}
      loading={props.loading}
      skeletonRows={TABLE_PAGING.insights.size}
      emptyText={SYNTHETIC_TEXTS.noDataFound}
      paging={{
        mode: 'client',
        pageSizeOptions: TABLE_PAGING.insights.options,
        resetKey: `${sort.field}:${sort.direction}:${jobs?.length ?? 0}`,
      }}
      // The table sorts here (the sort is kept per tab); the grid only shows the order.
      sorting={{
        mode: 'server',
        field: sort.field,
        direction: sort.direction,
        onChange: (field, direction) => onSort({ field, direction }),
      }}
      renderDetail={(job) => <JobPreview kind={kind} job={job} reportHref={reportHref(job)} />}
      bare
    />
  );
}
