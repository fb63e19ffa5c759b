import { useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import {
  findTrigger,
  WORKFLOW_ACTIONS,
  WORKFLOW_APPLICATIONS,
  WORKFLOW_LIMITS,
  WORKFLOW_TEXTS,
  type Workflow,
} from '@callsight/shared';

const COLUMNS = 8;
const EMPTY_TEXT = 'Sorry, no matching records found';

const applicationLabel = (id: string) =>
  WORKFLOW_APPLICATIONS.find((a) => a.id === id)?.label ?? id;
const triggerLabel = (id: string) => findTrigger(id)?.displayText ?? id;
const actionLabel = (w: Workflow) => {
  const type = w.actions[0]?.type;
  return WORKFLOW_ACTIONS.find((a) => a.id === type)?.label ?? type ?? '';
};
const STATUS_LABELS: Record<string, string> = {
  awaits_execution: 'Awaits execution',
  executed: 'Executed',
  failed: 'Failed',
};

interface Props {
  workflows: Workflow[] | undefined;
  loading: boolean;
  /** The state each toggle shows while its confirmation is open (Cancel reverts it). */
  pendingToggles: Record<string, boolean>;
  onToggle: (workflow: Workflow, active: boolean) => void;
  onEdit: (workflow: Workflow) => void;
  onDelete: (workflow: Workflow) => void;
}

/** The workflow list: 10 per page; system-managed rows have no toggle, Edit or Delete. */
export function WorkflowsTable({
  workflows,
  loading,
  pendingToggles,
  onToggle,
  onEdit,
  onDelete,
}: Props) {
  const [page, setPage] = useState(0);
  const size = WORKFLOW_LIMITS.historyPageSize;
  const rows = workflows ?? [];
  const lastPage = Math.max(0, Math.ceil(rows.length / size) - 1);
  const current = Math.min(page, lastPage);
  const visible = rows.slice(current * size, current * size + size);

  return (
    <TableContainer component={Paper} variant="outlined">
      {loading && workflows && <LinearProgress />}
      <Table size="small" aria-label="Workflows" data-testid="workflows-table">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Application</TableCell>
            <TableCell>Trigger</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Tags</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ width: 110 }}>Enabled</TableCell>
            <TableCell align="right" sx={{ width: 110 }} aria-label="Actions" />
          </TableRow>
        </TableHead>
        <TableBody>
          {!workflows &&
            Array.from({ length: WORKFLOW_LIMITS.historyPageSize }, (_, i) => (
              <TableRow key={i}>
                <TableCell colSpan={COLUMNS}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))}
          {workflows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS} sx={{ py: 6, textAlign: 'center' }}>
                <Typography color="text.secondary" data-testid="workflows-empty">
                  {EMPTY_TEXT}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {visible.map((w) => {
            const checked = pendingToggles[w.id] ?? w.enabled;
            return (
              <TableRow key={w.id} hover data-testid="workflow-row">
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {w.name}
                  </Typography>
                  {w.description && (
                    <Typography variant="caption" color="text.secondary">
                      {w.description}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{applicationLabel(w.application)}</TableCell>
                <TableCell>{triggerLabel(w.type)}</TableCell>
                <TableCell>{actionLabel(w)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {w.tags.map((t) => (
                      <Chip key={t} label={t} size="small" variant="outlined" />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>{STATUS_LABELS[w.status] ?? w.status}</TableCell>
                {w.systemManaged ? (
                  <TableCell colSpan={2}>
                    <Chip
                      label={WORKFLOW_TEXTS.systemManaged}
                      size="small"
                      data-testid="system-managed"
                    />
                  </TableCell>
                ) : (
                  <>
                    <TableCell>
                      <Switch
                        checked={checked}
                        onChange={(e) => onToggle(w, e.target.checked)}
                        slotProps={{
                          input: {
                            'aria-label': `${checked ? 'Disable' : 'Enable'} ${w.name}`,
                          },
                        }}
                        data-testid="workflow-toggle"
                      />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title="Edit">
                        <IconButton
                          aria-label={`Edit ${w.name}`}
                          size="small"
                          onClick={() => onEdit(w)}
                        >
                          <EditRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton
                          aria-label={`Delete ${w.name}`}
                          size="small"
                          color="error"
                          onClick={() => onDelete(w)}
                        >
                          <DeleteOutlineRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {rows.length > size && (
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          rowsPerPage={size}
          rowsPerPageOptions={[size]}
          onPageChange={(_e, p) => setPage(p)}
        />
      )}
    </TableContainer>
  );
}
