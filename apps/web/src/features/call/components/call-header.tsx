import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CALL_DETAIL_TEXTS, type CallDetailSummary } from '@callsight/shared';
import { TestCallBadge } from '../../../components/test-call-badge/index.ts';
import {
  formatDateTime,
  formatDuration,
  formatNumber,
  scoreColor,
  summaryScore,
  tagColor,
  textOrNA,
} from '../format.ts';

/**
 * The call at a glance: who (with a "Test call" badge on our own test calls), when, how long, its
 * score out of 10 and its warning tags.
 */
export function CallHeader({
  contactId,
  summary,
}: {
  contactId: string;
  summary: CallDetailSummary | undefined;
}) {
  const score = summary ? summaryScore(summary) : null;
  const fact = (label: string, value: string) => (
    <Typography variant="body2" color="text.secondary">
      {label}:{' '}
      <Typography component="span" variant="body2" color="text.primary" sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
    </Typography>
  );
  return (
    <Stack spacing={1} sx={{ mb: 1.5 }}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {fact('Contact ID', contactId)}
        {fact('Agent', textOrNA(summary?.serviceAgent.username))}
        {summary?.testCall && <TestCallBadge />}
        {fact('Start', formatDateTime(summary?.callStartTime))}
        {fact('Duration', formatDuration(summary?.durationSeconds))}
        {score !== null ? (
          <Chip
            size="small"
            color={scoreColor(score)}
            label={`Score ${formatNumber(score, 1)} / 10`}
            data-testid="call-score"
          />
        ) : (
          // No summary: unavailable; a summary not yet measured (a live call's first moments): '-'.
          fact('Score', summary ? CALL_DETAIL_TEXTS.dash : CALL_DETAIL_TEXTS.unavailable)
        )}
      </Stack>
      {summary && summary.insights.tags.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Tags">
          {summary.insights.tags.map((tag) => (
            <Chip
              key={tag.description}
              size="small"
              variant="outlined"
              color={tagColor(tag.description)}
              label={tag.count > 1 ? `${tag.description} ×${tag.count}` : tag.description}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
