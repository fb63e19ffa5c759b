import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { CAMPAIGN_TEXTS, type CampaignRun } from '@callsight/shared';
import {
  DataTable,
  TagsCell,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { dateText } from '../format.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';
import { RunStatusChip } from './run-status-chip.tsx';

const time = (iso: string | null) => (iso ? Date.parse(iso) : null);

/**
 * The runs of one campaign (spec 001 §2): Description, Tags, Run On (newest first), Cancelled
 * At, Status, Outcome and 'View', which opens the run.
 */
export function RunsTable({
  runs,
  loading,
  viewHref,
}: {
  runs: CampaignRun[] | undefined;
  loading: boolean;
  viewHref: (run: CampaignRun) => string;
}) {
  const columns: DataTableColumn<CampaignRun>[] = [
    { field: 'id', headerName: 'ID', hidden: true, mono: true, text: (r) => r.id },
    {
      field: 'runDescription',
      headerName: 'Description',
      flex: 2,
      sortable: true,
      text: (r) => r.runDescription,
    },
    {
      field: 'runTags',
      headerName: 'Tags',
      text: (r) => r.runTags.join(', '),
      render: (r) => <TagsCell tags={r.runTags} />,
    },
    {
      field: 'createdOn',
      headerName: 'Run On',
      minWidth: 170,
      nowrap: true,
      sortable: true,
      sortValue: (r) => time(r.createdOn),
      text: (r) => dateText(r.createdOn),
    },
    {
      field: 'canceledAt',
      headerName: 'Cancelled At',
      minWidth: 170,
      nowrap: true,
      sortable: true,
      sortValue: (r) => time(r.canceledAt),
      text: (r) => dateText(r.canceledAt),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 130,
      sortable: true,
      text: (r) => r.status,
      render: (r) => <RunStatusChip status={r.status} />,
    },
    { field: 'outcome', headerName: 'Outcome', flex: 1.5, text: (r) => r.outcome ?? '' },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 100,
      align: 'right',
      hideable: false,
      render: (r) => (
        <Button
          size="small"
          component={RouterLink}
          to={viewHref(r)}
          aria-label={`${T.view} ${r.runDescription}`}
        >
          {T.view}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label="Campaign runs"
      testIds={{ table: 'campaign-runs', row: 'campaign-run-row' }}
      rows={runs}
      columns={columns}
      getRowId={(r) => r.id}
      loading={loading}
      emptyText={CAMPAIGN_TEXTS.emptyTable}
      columnVisibilityKey="campaigns/history"
      paging={{ mode: 'client', pageSizeOptions: TABLE_PAGING.campaigns.options }}
      sorting={{ mode: 'client', initial: { field: 'createdOn', direction: 'desc' } }}
      csv={{}}
    />
  );
}
