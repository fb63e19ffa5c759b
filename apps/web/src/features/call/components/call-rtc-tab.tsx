import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import {
  CALL_DETAIL_TEXTS,
  rtcMetricRows,
  type CallDetailSecond,
  type RtcMetricRow,
} from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { formatNumber } from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';

const decimalsOf = (row: RtcMetricRow) =>
  row.key.startsWith('mos') ? 2 : row.key.startsWith('audio') ? 3 : row.unit === '%' ? 2 : 0;

const stat = (field: 'min' | 'avg' | 'max', headerName: string): DataTableColumn<RtcMetricRow> => ({
  field,
  headerName,
  align: 'right',
  text: (row) => formatNumber(row.stat[field], decimalsOf(row)),
});

const COLUMNS: DataTableColumn<RtcMetricRow>[] = [
  {
    field: 'measure',
    headerName: 'Measure',
    flex: 2,
    text: (row) => (row.unit ? `${row.label} (${row.unit})` : row.label),
  },
  stat('min', 'Min'),
  stat('avg', 'Avg'),
  stat('max', 'Max'),
];

/** The WebRTC tab: minimum, average and maximum of each measure over the call's seconds. */
export function CallRtcTab({ seconds }: { seconds: readonly CallDetailSecond[] }) {
  const rows = useMemo(() => rtcMetricRows(seconds), [seconds]);
  const computed = useMemo(
    () => seconds.filter((s) => s.inbound?.mosComputed || s.outbound?.mosComputed).length,
    [seconds],
  );
  if (seconds.length === 0) return <DetailEmpty text={CALL_DETAIL_TEXTS.noData} />;
  return (
    <>
      <DataTable
        label="WebRTC statistics"
        rows={rows}
        getRowId={(row) => row.key}
        columns={COLUMNS}
        emptyText={CALL_DETAIL_TEXTS.noData}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1.5 }}>
        {seconds.length} seconds measured
        {computed > 0
          ? `; MOS estimated from RTT, jitter and packet loss (ITU-T G.107 E-model) in ${computed} of them.`
          : '.'}
      </Typography>
    </>
  );
}
