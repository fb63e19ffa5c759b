import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { USAGE_FIGURE_LABELS, type UsageRecord } from '@callsight/shared';
import {
  DataTable,
  NO_MATCHING_RECORDS,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';

/** The figures of a usage record, in the spec's order (spec 002 §3 usage record). */
export const USAGE_FIGURES = [
  'AgentCount',
  'DurationRoundedMin',
  'AgentDurationRoundedMin',
  'CloudDurationRoundedMin',
  'AssuranceTestCount',
] as const;

/**
 * Columns of a usage table: the first names the period ('Period' or 'Month'), then the figures
 * in words (USAGE_FIGURE_LABELS).
 */
export function usageColumns(first: 'Period' | 'Month'): DataTableColumn<UsageRecord>[] {
  return [
    {
      field: first,
      headerName: first,
      minWidth: 140,
      text: (r) => (first === 'Period' ? r.Period : r.Month),
    },
    ...USAGE_FIGURES.map((figure): DataTableColumn<UsageRecord> => ({
      field: figure,
      headerName: USAGE_FIGURE_LABELS[figure],
      align: 'right',
      minWidth: 150,
      text: (r) => String(r[figure]),
    })),
  ];
}

/** One titled usage table. */
export function UsageTable({
  title,
  first,
  rows,
  testId,
}: {
  title: string;
  first: 'Period' | 'Month';
  rows: readonly UsageRecord[] | undefined;
  testId: string;
}) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <DataTable
        label={title}
        testIds={{ table: testId, row: 'usage-row', empty: `${testId}-empty` }}
        columns={usageColumns(first)}
        rows={rows}
        getRowId={(r) => `${r.Period}-${r.Month}`}
        emptyText={NO_MATCHING_RECORDS}
        skeletonRows={first === 'Period' ? 1 : 12}
      />
    </Box>
  );
}
