import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { SHELL } from '@callsight/shared';
import { copyText } from '../copy-text.ts';

/** A table cell whose text is copied to the clipboard on click (or Enter), with "Copied!" feedback. */
export function CopyCell({ value, monospace = false }: { value: string; monospace?: boolean }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SHELL.copyFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(value)) setCopied(true);
  };

  return (
    <TableCell
      onClick={() => void copy()}
      sx={{ cursor: 'copy', '&:hover': { bgcolor: 'action.hover' } }}
    >
      <Tooltip
        title={copied ? 'Copied!' : 'Click to copy'}
        placement="top-start"
        disableInteractive
      >
        <Box
          component="span"
          role="button"
          tabIndex={0}
          aria-label={`Copy ${value}`}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              void copy();
            }
          }}
          sx={{
            fontFamily: monospace ? 'ui-monospace, SFMono-Regular, Menlo, monospace' : undefined,
            wordBreak: 'break-word',
            outline: 'none',
            borderRadius: 0.5,
            '&:focus-visible': { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
          }}
        >
          {value}
        </Box>
      </Tooltip>
    </TableCell>
  );
}
