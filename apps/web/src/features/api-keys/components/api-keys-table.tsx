import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { API_TOKEN_TEXTS, formatDisplayDate, type ApiToken } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';

interface Props {
  tokens: ApiToken[] | undefined;
  loading: boolean;
  /** Without write permission the table is read-only: no revoke column. */
  canWrite: boolean;
  onRevoke: (token: ApiToken) => void;
}

const when = (iso: string) => formatDisplayDate(iso);

/** The group's keys: Name, Token (masked), Last used or "Never", Created on, and revoke. */
export function ApiKeysTable({ tokens, loading, canWrite, onRevoke }: Props) {
  const columns: DataTableColumn<ApiToken>[] = [
    { field: 'label', headerName: 'Name', text: (t) => t.label, cellClassName: () => 'strong' },
    { field: 'token', headerName: 'Token', text: (t) => t.token, mono: true, nowrap: true },
    {
      field: 'lastAccessed',
      headerName: 'Last used',
      nowrap: true,
      text: (t) => (t.lastAccessed ? when(t.lastAccessed) : API_TOKEN_TEXTS.never),
    },
    { field: 'createdOn', headerName: 'Created on', nowrap: true, text: (t) => when(t.createdOn) },
  ];
  if (canWrite)
    columns.push({
      field: 'actions',
      headerName: '',
      width: 72,
      align: 'right',
      hideable: false,
      render: (token) => (
        <Tooltip title="Revoke">
          <IconButton
            aria-label={`Revoke ${token.label}`}
            onClick={() => onRevoke(token)}
            color="error"
            size="small"
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    });
  return (
    <DataTable
      label="API keys"
      testIds={{ table: 'api-keys-table', row: 'api-key-row', empty: 'api-keys-empty' }}
      rows={tokens}
      columns={columns}
      getRowId={(t) => t.id}
      loading={loading}
      emptyText={API_TOKEN_TEXTS.emptyState}
      sx={{ '& .MuiDataGrid-cell.strong': { fontWeight: 600 } }}
    />
  );
}
