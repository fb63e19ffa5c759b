import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { COPILOT_TEXTS, type CopilotArtifact } from '@callsight/shared';
import { useAskCopilot, type CopilotVariant } from '../api/ask-copilot.ts';
import { ArtifactChart } from './artifact-chart.tsx';
import { ArtifactTable } from './artifact-table.tsx';
import { TypedText } from './typed-text.tsx';

type Message =
  | { id: number; role: 'user'; text: string }
  | { id: number; role: 'assistant'; text: string; artifacts: CopilotArtifact[] }
  | { id: number; role: 'error' };

const SUGGESTIONS = [
  'How many calls had high jitter yesterday?',
  'Which 3 agents had the lowest average MOS this week?',
  'Compare MOS on wifi versus wired this month',
  'What are the most common insights this week?',
];

/** A link answer: a page of the current group, such as the explorer with the answer's filter. */
function ArtifactLink({ label, path }: { label: string; path: string }) {
  const { groupId = '' } = useParams();
  return (
    <Button
      component={RouterLink}
      to={`/${groupId}/${path}`}
      size="small"
      variant="outlined"
      endIcon={<OpenInNewRoundedIcon />}
      sx={{ mt: 1 }}
    >
      {label}
    </Button>
  );
}

/** A reply: typed word by word; tables shown at once, charts once the typing is done. */
function AssistantReply({
  text,
  artifacts,
  onTyped,
}: {
  text: string;
  artifacts: CopilotArtifact[];
  onTyped: () => void;
}) {
  const [typed, setTyped] = useState(false);
  const onDone = useCallback(() => setTyped(true), []);
  useEffect(() => {
    if (typed) onTyped();
  }, [typed, onTyped]);
  return (
    <Box data-testid="copilot-reply" data-typed={typed ? 'true' : 'false'}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="copilot-reply-text">
        <TypedText text={text} onDone={onDone} />
      </Typography>
      {artifacts.map((a, i) =>
        a.type === 'table' ? (
          <ArtifactTable key={i} artifact={a} />
        ) : !typed ? null : a.type === 'chart' ? (
          <ArtifactChart key={i} artifact={a} />
        ) : (
          <ArtifactLink key={i} label={a.label} path={a.path} />
        ),
      )}
    </Box>
  );
}

export interface CopilotDialogProps {
  open: boolean;
  onClose: () => void;
  variant: CopilotVariant;
  /** Asked as soon as the dialog opens (Home's ask box). */
  initialQuestion?: string;
}

/** The modal CX copilot (spec 002 §2.14, §4): questions about the group's calls in one thread. */
export function CopilotDialog({ open, onClose, variant, initialQuestion }: CopilotDialogProps) {
  const ask = useAskCopilot(variant);
  const [messages, setMessages] = useState<Message[]>([]);
  const [threadId, setThreadId] = useState<string | undefined>();
  const [draft, setDraft] = useState('');
  const nextId = useRef(1);
  const endRef = useRef<HTMLDivElement>(null);

  const scrollToEnd = useCallback(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, []);
  useEffect(() => {
    scrollToEnd();
  }, [messages, ask.isPending, scrollToEnd]);

  const submit = (question: string) => {
    const text = question.trim();
    // An empty ask box is ignored (spec 002 §5), as is a second ask while one is running.
    if (!text || ask.isPending) return;
    setDraft('');
    setMessages((m) => [...m, { id: nextId.current++, role: 'user', text }]);
    ask.mutate(
      { question: text, threadId },
      {
        onSuccess: (reply) => {
          setThreadId(reply.threadId);
          setMessages((m) => [
            ...m,
            {
              id: nextId.current++,
              role: 'assistant',
              text: reply.response,
              artifacts: reply.artifacts,
            },
          ]);
        },
        onError: () => setMessages((m) => [...m, { id: nextId.current++, role: 'error' }]),
      },
    );
  };
  const asked = useRef(false);
  useEffect(() => {
    if (!initialQuestion || asked.current) return;
    asked.current = true;
    submit(initialQuestion);
    // Once, on open: submit reads the state of this first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialQuestion]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(draft);
  };
  const startOver = () => {
    setMessages([]);
    setThreadId(undefined);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="copilot-title">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box id="copilot-title" sx={{ flex: 1 }}>
          CX Copilot
        </Box>
        {messages.length > 0 && (
          <Button size="small" onClick={startOver} disabled={ask.isPending}>
            New conversation
          </Button>
        )}
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 320, maxHeight: '65vh', bgcolor: 'grey.50' }}>
        {messages.length === 0 && (
          <Stack spacing={1.5} sx={{ py: 2 }}>
            <Typography variant="body2" color="text.secondary">
              Ask about your calls: MOS, jitter, packet loss, RTT, call count, duration, score and
              the share of calls, by agent, ISP, network label, region, connection type, insight,
              day or hour. Words like high jitter or poor calls use the insight thresholds.
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {SUGGESTIONS.map((s) => (
                <Chip key={s} label={s} variant="outlined" onClick={() => submit(s)} />
              ))}
            </Stack>
          </Stack>
        )}
        <Stack spacing={1.5} data-testid="copilot-messages">
          {messages.map((m) =>
            m.role === 'user' ? (
              <Box
                key={m.id}
                sx={{
                  alignSelf: 'flex-end',
                  maxWidth: '80%',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
                data-testid="copilot-question"
              >
                <Typography variant="body2">{m.text}</Typography>
              </Box>
            ) : m.role === 'assistant' ? (
              <Box
                key={m.id}
                sx={{ px: 1.5, py: 1, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1 }}
              >
                <AssistantReply text={m.text} artifacts={m.artifacts} onTyped={scrollToEnd} />
              </Box>
            ) : (
              <Alert key={m.id} severity="error" data-testid="copilot-error">
                {COPILOT_TEXTS.problem}
              </Alert>
            ),
          )}
          {ask.isPending && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={18} />
              <Typography variant="body2" color="text.secondary">
                Thinking…
              </Typography>
            </Stack>
          )}
          <div ref={endRef} />
        </Stack>
      </DialogContent>
      <Box component="form" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, p: 2 }}>
        <TextField
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Ask a question about your calls"
          size="small"
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { 'aria-label': 'Question', maxLength: 2000 } }}
        />
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendRoundedIcon />}
          disabled={ask.isPending}
        >
          Ask
        </Button>
      </Box>
    </Dialog>
  );
}
