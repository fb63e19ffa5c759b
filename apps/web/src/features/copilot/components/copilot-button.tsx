import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import type { EnabledFeature } from '@callsight/shared';
import { copilotVariant } from '../api/ask-copilot.ts';
import { CopilotDialog } from './copilot-dialog.tsx';

/** Opens the modal copilot; shown only when the group has garvis or garvis2 (spec 002 §6). */
export function CopilotButton({
  features,
  groupId,
}: {
  features: readonly EnabledFeature[];
  groupId: string;
}) {
  const [open, setOpen] = useState(false);
  const variant = copilotVariant(features, groupId);
  if (!variant) return null;
  return (
    <>
      <Tooltip title="CX Copilot">
        <IconButton
          color="primary"
          onClick={() => setOpen(true)}
          aria-label="CX Copilot"
          aria-haspopup="dialog"
          sx={{ flexShrink: 0 }}
        >
          <AutoAwesomeRoundedIcon />
        </IconButton>
      </Tooltip>
      {open && <CopilotDialog open onClose={() => setOpen(false)} variant={variant} />}
    </>
  );
}
