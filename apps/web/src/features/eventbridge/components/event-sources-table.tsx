import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import { EVENTBRIDGE_TEXTS, eventSourceStatusOf, type EventSource } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { EventSourceStatus } from './event-source-status.tsx';

interface Props {
  sources: EventSource[] | undefined;
  loading: boolean;
  canWrite: boolean;
  /** Offer "Associate event bus" on pending sources (built-in adapter only). */
  canAssociate: boolean;
  onDelete: (source: EventSource) => void;
  onAssociate: (source: EventSource) => void;
}

/** Event sources: AWS Region, Event Source Name (copy on click), AWS Account, Status, delete. */
export function EventSourcesTable({
  sources,
  loading,
  canWrite,
  canAssociate,
  onDelete,
  onAssociate,
}: Props) {
  const columns: DataTableColumn<EventSource>[] = [
    {
      field: 'awsRegion',
      headerName: 'AWS Region',
      width: 140,
      nowrap: true,
      text: (s) => s.awsRegion,
    },
    {
      field: 'eventSourceName',
      headerName: 'Event Source Name',
      minWidth: 240,
      text: (s) => s.eventSourceName,
      copy: true,
      mono: true,
    },
    {
      field: 'accountId',
      headerName: 'AWS Account',
      width: 150,
      mono: true,
      text: (s) => s.accountId,
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      text: (s) => eventSourceStatusOf(s.status),
      render: (s) => <EventSourceStatus status={s.status} />,
    },
  ];
  if (canWrite)
    columns.push({
      field: 'actions',
      headerName: '',
      width: 100,
      align: 'right',
      hideable: false,
      render: (source) => {
        const status = eventSourceStatusOf(source.status);
        return (
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
            {canAssociate && status === 'pending' && (
              <Tooltip title="Associate event bus">
                <IconButton
                  aria-label={`Associate an event bus with ${source.eventSourceName}`}
                  onClick={() => onAssociate(source)}
                  size="small"
                >
                  <LinkRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {status !== 'deleted' && (
              <Tooltip title="Delete">
                <IconButton
                  aria-label={`Delete ${source.eventSourceName}`}
                  onClick={() => onDelete(source)}
                  color="error"
                  size="small"
                >
                  <DeleteOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        );
      },
    });
  return (
    <DataTable
      label="Event sources"
      testIds={{
        table: 'event-sources-table',
        row: 'event-source-row',
        empty: 'event-sources-empty',
      }}
      rows={sources}
      columns={columns}
      getRowId={(s) => s.eventSourceId}
      loading={loading}
      emptyText={EVENTBRIDGE_TEXTS.emptyState}
    />
  );
}
