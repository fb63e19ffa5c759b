import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CALL_DETAIL_TEXTS,
  callStatusCells,
  sipResponseText,
  type CallDetailSummary,
} from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import {
  formatDateTime,
  formatDuration,
  formatNumber,
  summaryScore,
  tagColor,
  textOrNA,
} from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';
import { KeyValueList } from './key-value-list.tsx';

const PATTERN_LABELS = {
  sustained: 'Sustained',
  degraded: 'Whole call',
  event: 'Event',
} as const;

/** "7.5 / 10", or "-" while the score is not measured. */
const scoreText = (score: number | null) =>
  score === null ? CALL_DETAIL_TEXTS.dash : `${formatNumber(score, 1)} / 10`;

const TONE_COLORS = { good: 'success', warning: 'warning', error: 'error' } as const;

type InsightTag = CallDetailSummary['insights']['tags'][number];

const INSIGHT_COLUMNS: DataTableColumn<InsightTag>[] = [
  {
    field: 'insight',
    headerName: 'Insight',
    flex: 2,
    text: (tag) => tag.description,
    render: (tag) => (
      <Chip
        size="small"
        variant="outlined"
        color={tagColor(tag.description)}
        label={tag.description}
      />
    ),
  },
  { field: 'count', headerName: 'Count', align: 'right', text: (tag) => String(tag.count) },
  { field: 'pattern', headerName: 'Pattern', text: (tag) => PATTERN_LABELS[tag.pattern] },
  {
    field: 'longest',
    headerName: 'Longest',
    align: 'right',
    text: (tag) =>
      tag.longestSeconds === null ? CALL_DETAIL_TEXTS.dash : formatDuration(tag.longestSeconds),
  },
];

/** One status per group of warning tags: the call's tag, or Good (Normal for latency). */
function CallStatus({ tags }: { tags: readonly string[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="call-status">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
        Status
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'max-content 1fr',
            md: 'repeat(2, max-content 1fr)',
            lg: 'repeat(3, max-content 1fr)',
          },
          columnGap: 2,
          rowGap: 1,
          alignItems: 'center',
          m: 0,
        }}
      >
        {callStatusCells(tags).map((cell) => (
          <Box key={cell.group} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {cell.title}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Chip
                size="small"
                variant="outlined"
                color={TONE_COLORS[cell.tone]}
                label={cell.text}
                data-tone={cell.tone}
              />
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The Summary tab: the call, the agent's machine and network, the quality and its insights. */
export function CallSummaryTab({ summary }: { summary: CallDetailSummary | undefined }) {
  if (!summary) return <DetailEmpty text={CALL_DETAIL_TEXTS.noSummary} />;
  const sp = summary.softphoneSummary;
  const m = sp.networkPerformanceMetrics;
  const browser = sp.browser.name
    ? [sp.browser.name, sp.browser.version].filter(Boolean).join(' ')
    : null;
  const lossPercent = m.packetLoss.fraction === null ? null : m.packetLoss.fraction * 100;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <KeyValueList
          title="Contact"
          items={[
            { label: 'Contact ID', value: summary.contact.id.current },
            { label: 'Agent', value: textOrNA(summary.serviceAgent.username) },
            { label: 'Direction', value: textOrNA(summary.contact.direction) },
            { label: 'Call Start Time', value: formatDateTime(summary.callStartTime) },
            { label: 'Call End Time', value: formatDateTime(summary.callEndTime) },
            {
              label: 'Duration',
              value: formatDuration(
                summary.contact.interaction.agentInteractionDurationSec ?? summary.durationSeconds,
              ),
            },
            { label: 'Ended By', value: textOrNA(summary.contact.endedBy) },
            { label: 'Disconnect Reason', value: textOrNA(summary.contact.disconnectReason) },
            {
              label: 'SIP Response',
              value: sipResponseText(summary.properties.last_sip_response_num),
            },
            { label: 'Hold Count', value: String(summary.holdIntervals.length) },
          ]}
        />
        <KeyValueList
          title="Agent Network and Softphone"
          items={[
            { label: 'Agent ISP', value: textOrNA(sp.agentISP) },
            { label: 'Network Type', value: textOrNA(summary.networkType) },
            { label: 'Network Label', value: textOrNA(summary.networkLabel) },
            { label: 'Local IP Address', value: textOrNA(sp.agentLocalIPAddress) },
            { label: 'External IP Address', value: textOrNA(sp.agentExternalIPAddress) },
            { label: 'Browser', value: textOrNA(browser) },
            { label: 'Country', value: textOrNA(sp.agentCountry) },
            { label: 'Region', value: textOrNA(sp.agentRegion) },
            {
              label: 'Lowest CPU Available',
              value: formatNumber(sp.system.cpu.availableMinPercent, 0, '%'),
            },
            {
              label: 'Highest Memory Used',
              value: formatNumber(sp.system.memory.usedMaxPercent, 0, '%'),
            },
          ]}
        />
      </Box>
      <KeyValueList
        title="Call Quality"
        items={[
          { label: 'Score', value: scoreText(summaryScore(summary)) },
          { label: 'Average MOS (call)', value: formatNumber(m.mos.avg) },
          { label: 'Lowest MOS (call)', value: formatNumber(m.mos.min) },
          {
            label: 'Average MOS (inbound / outbound)',
            value: `${formatNumber(m.mos.inboundAvg)} / ${formatNumber(m.mos.outboundAvg)}`,
          },
          { label: 'Average Jitter', value: formatNumber(m.jitterMs.avg, 1, 'ms') },
          { label: 'Average RTT', value: formatNumber(m.rttMs.avg, 0, 'ms') },
          { label: 'Packet Loss', value: formatNumber(lossPercent, 2, '%') },
          { label: 'Seconds Measured', value: String(summary.sampleCount) },
          { label: 'Softphone Errors', value: String(summary.errorLogCount) },
        ]}
      />
      <CallStatus tags={summary.insights.tags.map((t) => t.description)} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Insights
        </Typography>
        {summary.insights.tags.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No warnings: every measure stayed within its thresholds.
          </Typography>
        ) : (
          <DataTable
            bare
            label="Insights"
            rows={summary.insights.tags}
            getRowId={(tag) => tag.description}
            columns={INSIGHT_COLUMNS}
            emptyText={CALL_DETAIL_TEXTS.noData}
          />
        )}
      </Paper>
    </Box>
  );
}
