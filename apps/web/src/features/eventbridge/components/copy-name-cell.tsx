import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { useCopyFeedback } from '../use-copy-feedback.ts';

/** The event source name, copied to the clipboard on click (or Enter) with "Copied!" feedback. */
export function CopyNameCell({ value }: { value: string }) {
  const { copied, copy } = useCopyFeedback();
  return (
    <TableCell
      onClick={() => void copy(value)}
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
          data-testid="event-source-name"
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              void copy(value);
            }
          }}
          sx={{
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: 13,
            wordBreak: 'break-all',
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
