import { useState, type FormEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import type { EnabledFeature } from '@callsight/shared';
import { copilotVariant } from '../../copilot/api/ask-copilot.ts';
import { CopilotDialog } from '../../copilot/components/copilot-dialog.tsx';

/** Home's CX Copilot ask box (spec 002 §2.14): shown with the copilot flags; asks in the dialog. */
export function HomeAskBox(props: { features: readonly EnabledFeature[]; groupId: string }) {
  const variant = copilotVariant(props.features, props.groupId);
  const [draft, setDraft] = useState('');
  const [question, setQuestion] = useState<string | null>(null);
  if (!variant) return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // An empty ask box is ignored (spec 002 §5).
    if (draft.trim()) setQuestion(draft.trim());
  };
  return (
    <form onSubmit={onSubmit} aria-label="Ask CX Copilot">
      <TextField
        fullWidth
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder="Ask CX Copilot about your calls"
        slotProps={{
          htmlInput: { 'aria-label': 'Ask CX Copilot' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <AutoAwesomeRoundedIcon color="primary" />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" aria-label="Ask" edge="end">
                  <SendRoundedIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {question !== null && (
        <CopilotDialog
          open
          variant={variant}
          initialQuestion={question}
          onClose={() => {
            setQuestion(null);
            setDraft('');
          }}
        />
      )}
    </form>
  );
}
