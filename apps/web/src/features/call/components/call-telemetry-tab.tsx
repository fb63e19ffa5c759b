import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CALL_DETAIL_TEXTS, type CallDetail } from '@callsight/shared';
import { formatDateTime, textOrNA } from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';

/** The Telemetry tab: the softphone's telemetry events of the call, data as sent. */
export function CallTelemetryTab({ telemetry }: { telemetry: CallDetail['telemetry'] }) {
  const { hits, total } = telemetry.hits;
  if (hits.length === 0) return <DetailEmpty text={CALL_DETAIL_TEXTS.noData} />;
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table size="small" stickyHeader aria-label="Telemetry events">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 170 }}>Time</TableCell>
              <TableCell sx={{ width: 180 }}>Type</TableCell>
              <TableCell sx={{ width: 160 }}>Agent</TableCell>
              <TableCell>Data</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {hits.map(({ _id, _source: event }) => (
              <TableRow key={_id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.time)}</TableCell>
                <TableCell>{event.type}</TableCell>
                <TableCell>{textOrNA(event.agent)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}>
                  {event.data ? JSON.stringify(event.data) : CALL_DETAIL_TEXTS.dash}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total.relation === 'gte' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1.5 }}>
          Showing the first {total.value} events of this call.
        </Typography>
      )}
    </Paper>
  );
}
