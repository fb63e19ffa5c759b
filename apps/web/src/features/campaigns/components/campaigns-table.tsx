import { useMemo, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { CAMPAIGN_TEXTS, type CampaignListItem } from '@callsight/shared';
import {
  DataTable,
  NameCell,
  TagsCell,
  TableSearchField,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { dateText } from '../format.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';
import { CampaignTypeIcon, campaignTypeLabel } from './campaign-type.tsx';

export interface CampaignActions {
  onRun: (c: CampaignListItem) => void;
  onCopy: (c: CampaignListItem) => void;
  onHistory: (c: CampaignListItem) => void;
  onDelete: (c: CampaignListItem) => void;
}

interface Props extends CampaignActions {
  campaigns: CampaignListItem[] | undefined;
  loading: boolean;
  /** Viewers see the list without Run, Copy and Delete. */
  canWrite: boolean;
}

/** The search matches the campaign name only (spec 001 §2). */
export const matchesCampaignSearch = (c: CampaignListItem, search: string) =>
  c.name.toLowerCase().includes(search.trim().toLowerCase());

function actionButton(label: string, name: string, icon: ReactNode, onClick: () => void) {
  return (
    <Tooltip title={label} key={label}>
      <IconButton aria-label={`${label} ${name}`} size="small" onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The campaigns list (spec 001 §2): Type, Name with description, Tags, Volume, Last Run, Runs
 * and the row actions; last run first, 10 a page, CSV download.
 */
export function CampaignsTable({ campaigns, loading, canWrite, ...on }: Props) {
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => campaigns?.filter((c) => matchesCampaignSearch(c, search)),
    [campaigns, search],
  );
  const columns: DataTableColumn<CampaignListItem>[] = [
    { field: 'id', headerName: 'ID', hidden: true, mono: true, text: (c) => c.id },
    {
      field: 'type',
      headerName: 'Type',
      width: 80,
      sortable: true,
      text: (c) => campaignTypeLabel(c.type),
      render: (c) => <CampaignTypeIcon type={c.type} fontSize="small" />,
    },
    {
      field: 'name',
      headerName: 'Name',
      flex: 2,
      sortable: true,
      text: (c) => c.name,
      render: (c) => <NameCell name={c.name} description={c.description} />,
    },
    {
      field: 'tags',
      headerName: 'Tags',
      text: (c) => c.tags.join(', '),
      render: (c) => <TagsCell tags={c.tags} />,
    },
    {
      field: 'totalCalls',
      headerName: 'Volume',
      width: 100,
      align: 'right',
      sortable: true,
      sortValue: (c) => c.totalCalls,
      text: (c) => String(c.totalCalls),
    },
    {
      field: 'lastExecutionTime',
      headerName: 'Last Run',
      minWidth: 170,
      nowrap: true,
      sortable: true,
      sortValue: (c) => (c.lastExecutionTime ? Date.parse(c.lastExecutionTime) : null),
      text: (c) => dateText(c.lastExecutionTime),
    },
    {
      field: 'runCount',
      headerName: 'Runs',
      width: 80,
      align: 'right',
      sortable: true,
      sortValue: (c) => c.runCount,
      text: (c) => String(c.runCount),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 170,
      align: 'right',
      hideable: false,
      stickyRight: true,
      render: (c) => [
        canWrite &&
          actionButton('Run', c.name, <PlayArrowRoundedIcon fontSize="small" />, () => on.onRun(c)),
        canWrite &&
          actionButton('Copy', c.name, <ContentCopyRoundedIcon fontSize="small" />, () =>
            on.onCopy(c),
          ),
        c.runCount > 0 &&
          actionButton('History', c.name, <HistoryRoundedIcon fontSize="small" />, () =>
            on.onHistory(c),
          ),
        canWrite &&
          c.runCount === 0 &&
          actionButton('Delete', c.name, <DeleteOutlineRoundedIcon fontSize="small" />, () =>
            on.onDelete(c),
          ),
      ],
    },
  ];

  return (
    <DataTable
      label="Campaigns"
      testIds={{ table: 'campaigns-table', row: 'campaign-row', empty: 'campaigns-empty' }}
      rows={rows}
      columns={columns}
      getRowId={(c) => c.id}
      loading={loading}
      emptyText={CAMPAIGN_TEXTS.emptyTable}
      columnVisibilityKey="campaigns/list"
      paging={{ mode: 'client', pageSizeOptions: TABLE_PAGING.campaigns.options, resetKey: search }}
      sorting={{ mode: 'client', initial: { field: 'lastExecutionTime', direction: 'desc' } }}
      csv={{}}
      header={
        <TableSearchField clearable label={T.searchLabel} value={search} onChange={setSearch} />
      }
    />
  );
}
