import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SYNTHETIC_TEXTS, type JobDetails } from '@callsight/shared';
import { fractionText, hopLabel } from '../../synthetic/format.ts';
import { SummaryCard } from '../../synthetic/components/summary-card.tsx';
import { GSM_SCREEN_TEXTS as T } from '../../texts.ts';

type Transcript = { location: string; reference: string; hypothesis: string };

function TranscriptPair({ transcript }: { transcript: Transcript }) {
  const side = (title: string, text: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="body2">{text || '-'}</Typography>
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={hopLabel(transcript.location)}
      sx={{ p: 2 }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {hopLabel(transcript.location)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {side('Reference', transcript.reference)}
        {side('Transcribed', transcript.hypothesis)}
      </Box>
    </Paper>
  );
}

/**
 * Intelligence Quality (spec 002 §3): the transcription's word error and recognition rates,
 * its substitutions, insertions and deletions, and each transcript beside its reference; 'not
 * available' otherwise, and why when the speech-to-text engine is not installed (issue 33).
 */
export function IntelligenceTab({ details }: { details: JobDetails }) {
  const transcription = details.transcription;
  const evaluation = transcription?.available ? transcription.asrEvaluation : null;
  if (!transcription || !evaluation)
    return (
      <SummaryCard
        title={T.transcription}
        items={[
          {
            label: T.transcription,
            value:
              transcription?.unavailableReason === 'notInstalled'
                ? SYNTHETIC_TEXTS.transcriptionNotInstalled
                : SYNTHETIC_TEXTS.transcriptionUnavailable,
          },
        ]}
      />
    );
  return (
    <Stack spacing={2}>
      <SummaryCard
        title={T.transcription}
        items={[
          { label: 'Engine', value: transcription.engine },
          { label: 'Language', value: transcription.languageCode },
          { label: 'WER', value: fractionText(evaluation.wer) },
          { label: 'WRR', value: fractionText(evaluation.wrr) },
          { label: 'Substitutions', value: String(evaluation.substitutions) },
          { label: 'Insertions', value: String(evaluation.insertions) },
          { label: 'Deletions', value: String(evaluation.deletions) },
        ]}
      />
      {evaluation.transcripts.map((t) => (
        <TranscriptPair key={t.location} transcript={t} />
      ))}
    </Stack>
  );
}
