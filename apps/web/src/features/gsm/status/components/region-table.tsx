import { healthRank, SYNTHETIC_TEXTS, type RegionStat } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/index.ts';
import { dateText, scoreText } from '../../synthetic/format.ts';
import { STATUS_TEXTS as T } from '../texts.ts';
import { HealthBadge } from './health-badge.tsx';

type Column = DataTableColumn<RegionStat>;

const roleText = (r: RegionStat) => (r.role === 'connect' ? T.connect : T.agent);

/** The three mean scores in one cell, as the popup shows them: "9.5 / 9 / 7". */
const scoresText = (r: RegionStat) =>
  [r.cxScore, r.axScore, r.networkScore].map((v) => scoreText(v)).join(' / ');

const COLUMNS: readonly Column[] = [
  { field: 'region', headerName: T.region, minWidth: 110, flex: 1, text: (r) => r.region },
  { field: 'role', headerName: T.role, minWidth: 80, text: roleText },
  {
    field: 'health',
    headerName: T.health,
    minWidth: 130,
    text: (r) => r.health,
    render: (r) => <HealthBadge health={r.health} />,
    sortValue: (r) => healthRank(r.health),
  },
  { field: 'jobs', headerName: T.jobs, align: 'right', minWidth: 60, text: (r) => String(r.jobs) },
  {
    field: 'completedPercentage',
    headerName: T.completed,
    align: 'right',
    minWidth: 100,
    text: (r) => (r.completedPercentage === null ? '-' : `${r.completedPercentage}%`),
    sortValue: (r) => r.completedPercentage,
  },
  {
    field: 'scores',
    headerName: T.meanScores,
    align: 'right',
    minWidth: 170,
    text: scoresText,
    sortable: false,
  },
  {
    field: 'lastJobOn',
    headerName: T.lastJob,
    minWidth: 160,
    text: (r) => dateText(r.lastJobOn),
    sortValue: (r) => r.lastJobOn,
  },
];

interface Props {
  regions: RegionStat[] | undefined;
  loading: boolean;
  onSelect: (stat: RegionStat) => void;
}

/** The regions of the map as a table: the same figures in words, a row click picks the region. */
export function RegionTable({ regions, loading, onSelect }: Props) {
  return (
    <DataTable
      label={T.regionsTitle}
      rows={regions}
      columns={COLUMNS}
      getRowId={(r) => `${r.role}:${r.region}`}
      loading={loading}
      emptyText={SYNTHETIC_TEXTS.noDataFound}
      testIds={{ table: 'status-regions', row: 'status-region-row' }}
      rowData={(r) => ({ 'data-region': r.region, 'data-role': r.role, 'data-health': r.health })}
      onRowClick={onSelect}
      sorting={{ mode: 'client' }}
    />
  );
}
