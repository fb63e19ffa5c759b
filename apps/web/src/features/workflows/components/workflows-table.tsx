import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import {
  findTrigger,
  WORKFLOW_ACTIONS,
  WORKFLOW_APPLICATIONS,
  WORKFLOW_TEXTS,
  type Workflow,
} from '@callsight/shared';
import {
  DataTable,
  NameCell,
  TagsCell,
  NO_MATCHING_RECORDS,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';

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
  const columns: DataTableColumn<Workflow>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 2,
      text: (w) => w.name,
      render: (w) => <NameCell name={w.name} description={w.description} />,
    },
    {
      field: 'application',
      headerName: 'Application',
      text: (w) => applicationLabel(w.application),
    },
    { field: 'trigger', headerName: 'Trigger', text: (w) => triggerLabel(w.type) },
    { field: 'action', headerName: 'Action', text: actionLabel },
    {
      field: 'tags',
      headerName: 'Tags',
      text: (w) => w.tags.join(', '),
      render: (w) => <TagsCell tags={w.tags} />,
    },
    { field: 'status', headerName: 'Status', text: (w) => STATUS_LABELS[w.status] ?? w.status },
    {
      field: 'enabled',
      headerName: 'Enabled',
      width: 110,
      hideable: false,
      colSpan: (w) => (w.systemManaged ? 2 : 1),
      render: (w) => {
        if (w.systemManaged)
          return (
            <Chip label={WORKFLOW_TEXTS.systemManaged} size="small" data-testid="system-managed" />
          );
        const checked = pendingToggles[w.id] ?? w.enabled;
        return (
          <Switch
            checked={checked}
            onChange={(e) => onToggle(w, e.target.checked)}
            slotProps={{
              input: { 'aria-label': `${checked ? 'Disable' : 'Enable'} ${w.name}` },
            }}
            data-testid="workflow-toggle"
          />
        );
      },
    },
    {
      field: 'actions',
      headerName: '',
      width: 110,
      align: 'right',
      hideable: false,
      render: (w) => (
        <>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${w.name}`} size="small" onClick={() => onEdit(w)}>
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
        </>
      ),
    },
  ];

  return (
    <DataTable
      label="Workflows"
      testIds={{ table: 'workflows-table', row: 'workflow-row', empty: 'workflows-empty' }}
      rows={workflows}
      columns={columns}
      getRowId={(w) => w.id}
      loading={loading}
      emptyText={NO_MATCHING_RECORDS}
      paging={{ mode: 'client', pageSizeOptions: TABLE_PAGING.workflows.options }}
    />
  );
}
