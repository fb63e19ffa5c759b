import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CALL_DETAIL_TEXTS, type CallDetail, type LogLevel } from '@callsight/shared';
import { formatDateTime } from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';

const LEVEL_COLORS: Record<LogLevel, 'info' | 'warning' | 'error'> = {
  INFO: 'info',
  WARN: 'warning',
  ERROR: 'error',
};

/** The Softphone Logs tab: the call's log lines in time order. */
export function CallLogsTab({ logs }: { logs: CallDetail['logs'] }) {
  const { hits, total } = logs.hits;
  if (hits.length === 0) return <DetailEmpty text={CALL_DETAIL_TEXTS.noLogs} />;
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table size="small" stickyHeader aria-label="Softphone logs">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 170 }}>Time</TableCell>
              <TableCell sx={{ width: 90 }}>Level</TableCell>
              <TableCell sx={{ width: 160 }}>Agent</TableCell>
              <TableCell>Text</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {hits.map(({ _id, _source: log }) => (
              <TableRow key={_id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(log.time)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={LEVEL_COLORS[log.level]}
                    label={log.level}
                  />
                </TableCell>
                <TableCell>{log.agent}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}>
                  {log.text}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total.relation === 'gte' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1.5 }}>
          Showing the first {total.value} lines of this call.
        </Typography>
      )}
    </Paper>
  );
}
