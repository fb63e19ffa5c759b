import { useMemo } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CALL_DETAIL_TEXTS,
  rtcMetricRows,
  type CallDetailSecond,
  type RtcMetricRow,
} from '@callsight/shared';
import { formatNumber } from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';

const decimalsOf = (row: RtcMetricRow) =>
  row.key.startsWith('mos') ? 2 : row.key.startsWith('audio') ? 3 : row.unit === '%' ? 2 : 0;

/** The WebRTC tab: minimum, average and maximum of each measure over the call's seconds. */
export function CallRtcTab({ seconds }: { seconds: readonly CallDetailSecond[] }) {
  const rows = useMemo(() => rtcMetricRows(seconds), [seconds]);
  const computed = useMemo(
    () => seconds.filter((s) => s.inbound?.mosComputed || s.outbound?.mosComputed).length,
    [seconds],
  );
  if (seconds.length === 0) return <DetailEmpty text={CALL_DETAIL_TEXTS.noData} />;
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="WebRTC statistics">
          <TableHead>
            <TableRow>
              <TableCell>Measure</TableCell>
              <TableCell align="right">Min</TableCell>
              <TableCell align="right">Avg</TableCell>
              <TableCell align="right">Max</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const d = decimalsOf(row);
              return (
                <TableRow key={row.key}>
                  <TableCell>{row.unit ? `${row.label} (${row.unit})` : row.label}</TableCell>
                  <TableCell align="right">{formatNumber(row.stat.min, d)}</TableCell>
                  <TableCell align="right">{formatNumber(row.stat.avg, d)}</TableCell>
                  <TableCell align="right">{formatNumber(row.stat.max, d)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1.5 }}>
        {seconds.length} seconds measured
        {computed > 0
          ? `; MOS estimated from RTT, jitter and packet loss (ITU-T G.107 E-model) in ${computed} of them.`
          : '.'}
      </Typography>
    </Paper>
  );
}
