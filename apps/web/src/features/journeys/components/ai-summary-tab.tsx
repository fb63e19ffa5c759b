import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import {
  AI_SUMMARY_ACCESS,
  AI_SUMMARY_TEXTS,
  formatDisplayDate,
  hasPermission,
} from '@callsight/shared';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { ApiRequestError, CLIENT_ERROR_CODES } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useAiSummary } from '../api/get-ai-summary.ts';
import { useGenerateAiSummary } from '../api/generate-ai-summary.ts';

export interface AiSummaryTabProps {
  traceId: string;
  spanId: string;
  isRootJourneySpan: boolean;
}

/** The reason of spec 002 §8: 'HTTP error! status: {code}' on a non-OK reply, else the default. */
export function aiSummaryErrorReason(err: unknown): string {
  if (
    err instanceof ApiRequestError &&
    err.status > 0 &&
    err.code !== CLIENT_ERROR_CODES.invalidResponse
  ) {
    return AI_SUMMARY_TEXTS.httpReason(err.status);
  }
  return AI_SUMMARY_TEXTS.defaultReason;
}

/**
 * The AI summary of a journey (spec 002 §2.13, §4): generated once automatically on the root
 * cx.journey span, then shown with Regenerate (same thread; admins and super users only, as the
 * server enforces); an error offers Retry.
 */
export function AiSummaryTab({ traceId, spanId, isRootJourneySpan }: AiSummaryTabProps) {
  const { groupId = '' } = useParams();
  const session = useSession();
  const canRegenerate =
    !!session && hasPermission(session.claims.permissions, AI_SUMMARY_ACCESS.regenerate);
  const stored = useAiSummary(groupId, traceId);
  const generate = useGenerateAiSummary(groupId, traceId);
  const autoStarted = useRef<string | null>(null);
  const summary = generate.data ?? stored.data ?? null;

  // Generated automatically once per trace, only for the root journey span (spec 002 §4).
  useEffect(() => {
    if (!isRootJourneySpan || !stored.isSuccess || stored.data || autoStarted.current === traceId)
      return;
    autoStarted.current = traceId;
    generate.mutate({ spanId });
  }, [isRootJourneySpan, stored.isSuccess, stored.data, traceId, spanId, generate]);

  const run = (regenerate: boolean) =>
    generate.mutate({ spanId, regenerate, ...(summary ? { threadId: summary.threadId } : {}) });

  if (generate.isPending || stored.isPending) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }} role="status">
        <CircularProgress size={20} />
        <Typography variant="body2" color="text.secondary">
          {generate.isPending ? 'Generating AI summary…' : 'Loading…'}
        </Typography>
      </Stack>
    );
  }

  const failure = generate.isError ? generate.error : stored.isError ? stored.error : null;
  if (failure) {
    return (
      <RetryAlert
        testId="ai-summary-error"
        onRetry={() => (generate.isError ? run(Boolean(summary)) : void stored.refetch())}
      >
        {AI_SUMMARY_TEXTS.errorPrefix}
        {aiSummaryErrorReason(failure)}
      </RetryAlert>
    );
  }

  if (!summary) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start', py: 1 }}>
        <Typography variant="body2" color="text.secondary" data-testid="ai-summary-empty">
          {AI_SUMMARY_TEXTS.empty}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<AutoAwesomeRoundedIcon />}
          onClick={() => run(false)}
        >
          Generate summary
        </Button>
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="ai-summary">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <AutoAwesomeRoundedIcon fontSize="small" color="primary" />
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          AI summary
        </Typography>
        {canRegenerate && (
          <Button size="small" startIcon={<RefreshRoundedIcon />} onClick={() => run(true)}>
            Regenerate
          </Button>
        )}
      </Stack>
      <Typography
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}
        data-testid="ai-summary-text"
      >
        {summary.response}
      </Typography>
      <Box sx={{ mt: 1.5 }}>
        <Typography variant="caption" color="text.secondary">
          {summary.engine === 'llm'
            ? 'Written by the configured language model'
            : 'Built-in summary'}{' '}
          · {formatDisplayDate(summary.generatedAt)}
        </Typography>
      </Box>
    </Paper>
  );
}
