import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import {
  RUN_CALL_STATUSES,
  RUN_SUMMARY_GROUP_NAMES,
  RUN_SUMMARY_GROUPS,
  type CampaignRun,
  type CampaignRunStats,
  type RunCallStatus,
} from '@callsight/shared';
import { EChart, type ChartOption } from '../../../components/charts/index.ts';
import { useRunGraph } from '../api/get-run-graph.ts';
import { useRunStats } from '../api/get-run-stats.ts';
import type { RunIds } from '../api/run-part.ts';
import { secondsText } from '../format.ts';
import { RunGraphChart } from './run-graph-chart.tsx';
import { RunStatusChip } from './run-status-chip.tsx';

const statusColor = (palette: Theme['palette'], status: RunCallStatus | 'Pending') => {
  if (status === 'Successful') return palette.success.main;
  if (status === 'Pending') return palette.grey[400];
  if (status === 'Busy' || status === 'No Answer') return palette.warning.main;
  if (status === 'Cancelled') return palette.grey[600];
  return palette.error.main;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-label={title}>
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Successful / Failed / Pending as one segmented bar, each count named as text. */
function SummaryBar({ stats }: { stats: CampaignRunStats }) {
  const { palette } = useTheme();
  const parts = RUN_SUMMARY_GROUP_NAMES.map((key) => ({
    key,
    count: stats.summary[key],
    color: statusColor(palette, key === 'Failed' ? 'Failed' : key),
  }));
  const total = Math.max(
    1,
    parts.reduce((sum, p) => sum + p.count, 0),
  );
  return (
    <Stack spacing={1}>
      <Box
        sx={{
          display: 'flex',
          height: 18,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
        aria-hidden
      >
        {parts.map((p) => (
          <Box key={p.key} sx={{ width: `${(p.count / total) * 100}%`, bgcolor: p.color }} />
        ))}
      </Box>
      <Stack direction="row" spacing={2.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {parts.map((p) => (
          <Stack key={p.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: p.color }} />
            <Typography variant="body2" data-testid={`summary-${p.key}`}>
              {`${p.key} ${p.count}`}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

const AVERAGES = [
  ['postDialDelay', 'Post Dial Delay'],
  ['timeToAnswer', 'Time To Answer'],
  ['callDuration', 'Call Duration'],
] as const;

function Averages({ stats }: { stats: CampaignRunStats }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {AVERAGES.map(([key, label]) => {
        const value = stats.averages[key];
        return (
          <Paper key={key} variant="outlined" sx={{ p: 2 }} aria-label={`Average ${label}`}>
            <Typography variant="caption" color="text.secondary">
              {`Average ${label}`}
            </Typography>
            <Typography variant="h5" component="p">
              {value === null ? '-' : `${secondsText(value)} s`}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}

/**
 * The calls per status under the summary bar's groups: each group's row shows the count the bar
 * shows, and the statuses it sums are the rows under it (issue 33).
 */
function StatusCounts({ stats }: { stats: CampaignRunStats }) {
  const { palette } = useTheme();
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: [...RUN_CALL_STATUSES] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: 'Calls',
          type: 'bar',
          data: RUN_CALL_STATUSES.map((s) => ({
            value: stats.counts[s],
            itemStyle: { color: statusColor(palette, s) },
          })),
        },
      ],
    }),
    [stats, palette],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
      <Table size="small" aria-label="Calls per status">
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell align="right">Calls</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {RUN_SUMMARY_GROUP_NAMES.map((group) => {
            const statuses: readonly RunCallStatus[] = RUN_SUMMARY_GROUPS[group];
            // A group of one status of its own name is that status's row.
            const members = statuses.length === 1 && statuses[0] === group ? [] : statuses;
            return [
              <TableRow key={group} data-summary-group={group}>
                <TableCell sx={{ fontWeight: members.length ? 600 : undefined }}>{group}</TableCell>
                <TableCell align="right" sx={{ fontWeight: members.length ? 600 : undefined }}>
                  {stats.summary[group]}
                </TableCell>
              </TableRow>,
              ...members.map((s) => (
                <TableRow key={`${group}/${s}`} data-group={group}>
                  <TableCell sx={{ pl: 4 }}>{s}</TableCell>
                  <TableCell align="right">{stats.counts[s]}</TableCell>
                </TableRow>
              )),
            ];
          })}
        </TableBody>
      </Table>
      <EChart option={option} height={240} ariaLabel="Calls per status" />
    </Box>
  );
}

/**
 * The Stats tab (spec 001 §2): the run's status, the summary bar, the per-second chart of
 * expected and actual calls with failed calls marked, the averages and the calls per status.
 */
export function RunStatsTab({ ids, run, live }: { ids: RunIds; run: CampaignRun; live: boolean }) {
  const { data: stats, isError } = useRunStats(ids, live);
  const { data: graph } = useRunGraph(ids, live);
  if (isError && !stats)
    return <Alert severity="error">The run's stats could not be loaded.</Alert>;
  return (
    <Stack spacing={2}>
      <Section title="Summary">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            Status
          </Typography>
          <RunStatusChip status={run.status} />
          {stats && (
            <Typography variant="body2" color="text.secondary">
              {`${stats.totalCalls} calls planned, ${stats.live} live`}
            </Typography>
          )}
        </Stack>
        {stats ? <SummaryBar stats={stats} /> : <Skeleton height={40} />}
      </Section>
      <Section title="Calls per second">
        {graph ? <RunGraphChart graph={graph} /> : <Skeleton variant="rectangular" height={300} />}
      </Section>
      {stats ? <Averages stats={stats} /> : <Skeleton variant="rectangular" height={80} />}
      <Section title="Calls per status">
        {stats ? <StatusCounts stats={stats} /> : <Skeleton variant="rectangular" height={240} />}
      </Section>
    </Stack>
  );
}
