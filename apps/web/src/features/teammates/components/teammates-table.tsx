import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PersonRemoveRoundedIcon from '@mui/icons-material/PersonRemoveRounded';
import { ROLE_LABELS, TEAMMATE_TEXTS, groupInitials, type Teammate } from '@callsight/shared';
import {
  DataTable,
  TableSearchField,
  NO_MATCHING_RECORDS,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { paths } from '../../../lib/paths.ts';

const SEARCH_LABEL = 'Search Teammates';

interface TeammatesTableProps {
  groupId: string;
  teammates: Teammate[] | undefined;
  loading: boolean;
  removingId: string | null;
  onRemove: (teammate: Teammate) => void;
}

/** The members of the group with Edit links and a remove action; 10 rows per page. */
export function TeammatesTable({
  groupId,
  teammates,
  loading,
  removingId,
  onRemove,
}: TeammatesTableProps) {
  const [search, setSearch] = useState('');
  // The groups column needs room: narrow screens show it only on the teammate's page.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = teammates ?? [];
    if (!needle) return all;
    return all.filter(
      (t) =>
        t.name.toLowerCase().includes(needle) ||
        t.email.toLowerCase().includes(needle) ||
        ROLE_LABELS[t.role].toLowerCase().includes(needle),
    );
  }, [teammates, search]);

  const columns: DataTableColumn<Teammate>[] = [
    {
      field: 'name',
      headerName: 'Name',
      minWidth: 170,
      text: (t) => t.name,
      render: (t) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar src={t.picture ?? undefined} sx={{ width: 32, height: 32, fontSize: 14 }}>
            {groupInitials(t.name)}
          </Avatar>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t.name}
          </Typography>
          {t.isSuper && <Chip size="small" label="Super" color="secondary" variant="outlined" />}
        </Stack>
      ),
    },
    {
      field: 'email',
      headerName: 'Email',
      minWidth: 200,
      flex: 1.2,
      text: (t) => t.email,
    },
    { field: 'role', headerName: 'Role', width: 120, text: (t) => ROLE_LABELS[t.role] },
  ];
  if (wide)
    columns.push({
      field: 'groups',
      headerName: 'Groups',
      minWidth: 220,
      flex: 1.4,
      text: (t) => t.groups.map((g) => g.name).join(', '),
      render: (t) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {t.groups.map((g) => (
            <Chip
              key={g.id}
              size="small"
              label={g.name}
              variant={g.id === groupId ? 'filled' : 'outlined'}
            />
          ))}
        </Stack>
      ),
    });
  columns.push({
    field: 'actions',
    headerName: 'Actions',
    width: 130,
    align: 'right',
    hideable: false,
    stickyRight: true,
    render: (t) => (
      <Stack direction="row" sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          component={RouterLink}
          to={paths.teammate.getHref(groupId, t.id)}
          startIcon={<EditRoundedIcon fontSize="small" />}
          aria-label={`Edit ${t.name}`}
        >
          Edit
        </Button>
        <Tooltip title={TEAMMATE_TEXTS.removeButton}>
          <span>
            <IconButton
              size="small"
              color="error"
              aria-label={`${TEAMMATE_TEXTS.removeButton} ${t.name}`}
              disabled={removingId === t.id}
              onClick={() => onRemove(t)}
            >
              <PersonRemoveRoundedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    ),
  });

  return (
    <DataTable
      label="Teammates"
      testIds={{ row: 'teammate-row', skeleton: 'teammate-skeleton-row', empty: 'teammates-empty' }}
      rows={loading ? undefined : rows}
      columns={columns}
      getRowId={(t) => t.id}
      emptyText={NO_MATCHING_RECORDS}
      paging={{ mode: 'client', pageSizeOptions: TABLE_PAGING.default.options, resetKey: search }}
      header={<TableSearchField label={SEARCH_LABEL} value={search} onChange={setSearch} />}
    />
  );
}
