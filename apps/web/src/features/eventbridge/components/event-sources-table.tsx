import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import { EVENTBRIDGE_TEXTS, eventSourceStatusOf, type EventSource } from '@callsight/shared';
import { CopyNameCell } from './copy-name-cell.tsx';
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
  const columns = canWrite ? 5 : 4;
  return (
    <TableContainer component={Paper} variant="outlined">
      {loading && <LinearProgress />}
      <Table size="small" aria-label="Event sources" data-testid="event-sources-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 140 }}>AWS Region</TableCell>
            <TableCell>Event Source Name</TableCell>
            <TableCell sx={{ width: 150 }}>AWS Account</TableCell>
            <TableCell sx={{ width: 120 }}>Status</TableCell>
            {canWrite && <TableCell align="right" sx={{ width: 100 }} aria-label="Actions" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {sources?.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center' }}>
                <Typography color="text.secondary" data-testid="event-sources-empty">
                  {EVENTBRIDGE_TEXTS.emptyState}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {sources?.map((source) => {
            const status = eventSourceStatusOf(source.status);
            return (
              <TableRow key={source.eventSourceId} hover data-testid="event-source-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{source.awsRegion}</TableCell>
                <CopyNameCell value={source.eventSourceName} />
                <TableCell
                  sx={{
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                    fontSize: 13,
                  }}
                >
                  {source.accountId}
                </TableCell>
                <TableCell>
                  <EventSourceStatus status={source.status} />
                </TableCell>
                {canWrite && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
