import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  COVERAGE_RANGES,
  COVERAGE_SETS,
  COVERAGE_TEXTS,
  formatDisplayDate,
  type CoverageRange,
  type CoverageSet,
} from '@callsight/shared';
import {
  DataTable,
  DownloadButton,
  downloadText,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { downloadCoverageCsv, useCoverage } from '../api/get-coverage.ts';

const RANGE_PARAM = 'range';
const DEFAULT_RANGE: CoverageRange = 'now-1d';

/** The range in the URL when it is one of the toggle's; else the last 24 hours. */
function readRange(params: URLSearchParams): CoverageRange {
  const value = params.get(RANGE_PARAM);
  return COVERAGE_RANGES.find((r) => r.range === value)?.range ?? DEFAULT_RANGE;
}

/** The file a set downloads to. */
export const coverageFileName = (set: CoverageSet) => `extension-coverage-${set}.csv`;

interface SetRow {
  set: CoverageSet;
  count: number | null;
}

function periodText(from: string, to: string): string {
  const start = formatDisplayDate(from, { missing: '' });
  const end = formatDisplayDate(to, { missing: '' });
  return start && end ? `Calls from ${start} to ${end}` : '';
}

/**
 * /admin/extutil: how many agents' calls seen in cloud data have agent collector data over the
 * last 24 hours, 7 or 28 days, by set (low coverage as spec 000 §9 defines it); each set
 * downloads as CSV, one row per agent (spec 002 §2.15).
 */
export function CoveragePage() {
  const { groupId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const range = readRange(params);
  const coverage = useCoverage(groupId, range);

  const setRange = (next: CoverageRange) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        updated.set(RANGE_PARAM, next);
        return updated;
      },
      { replace: true },
    );

  const counts = new Map(coverage.data?.sets.map((s) => [s.set, s.count]));
  const rows: SetRow[] | undefined =
    coverage.data || coverage.isError
      ? COVERAGE_SETS.map((set) => ({ set, count: counts.get(set) ?? null }))
      : undefined;

  const columns: DataTableColumn<SetRow>[] = [
    { field: 'set', headerName: 'Set', width: 150, text: (r) => r.set },
    {
      // Every set counts agents (issue 33: no column mixes agents with calls).
      field: 'count',
      headerName: COVERAGE_TEXTS.countHeader,
      width: 110,
      align: 'right',
      text: (r) => (r.count === null ? '-' : String(r.count)),
    },
    {
      field: 'description',
      headerName: 'Description',
      flex: 3,
      text: (r) => COVERAGE_TEXTS.sets[r.set],
    },
    {
      field: 'actions',
      headerName: '',
      width: 210,
      align: 'right',
      hideable: false,
      render: (r) => (
        <DownloadButton
          label="Download CSV"
          size="small"
          run={async () =>
            downloadText(
              coverageFileName(r.set),
              await downloadCoverageCsv(r.set, range),
              'text/csv;charset=utf-8',
            )
          }
        />
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title={COVERAGE_TEXTS.title} subtitle={COVERAGE_TEXTS.subtitle} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, mb: 2 }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={range}
          onChange={(_event, next: CoverageRange | null) => {
            if (next) setRange(next);
          }}
          aria-label="Coverage range"
        >
          {COVERAGE_RANGES.map((r) => (
            <ToggleButton key={r.range} value={r.range}>
              {r.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {coverage.data && (
          <Typography variant="body2" color="text.secondary" data-testid="coverage-period">
            {periodText(coverage.data.from, coverage.data.to)}
          </Typography>
        )}
      </Stack>
      {coverage.isError && (
        <RetryAlert testId="coverage-error" onRetry={() => void coverage.refetch()}>
          {COVERAGE_TEXTS.fetchError}
        </RetryAlert>
      )}
      <DataTable
        label={COVERAGE_TEXTS.title}
        testIds={{ table: 'coverage-table', row: 'coverage-row' }}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.set}
        rowData={(r) => ({ 'data-set': r.set })}
        loading={coverage.isFetching}
        skeletonRows={COVERAGE_SETS.length}
        emptyText=""
      />
    </Box>
  );
}
