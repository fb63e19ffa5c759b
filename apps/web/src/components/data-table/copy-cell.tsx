import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useCopyFeedback } from '../copy-feedback/index.ts';

/** Cell text copied to the clipboard on click (or Enter), with "Copied!" feedback for 2 s. */
export function CopyCell({ value, mono = false }: { value: string; mono?: boolean }) {
  const { copied, copy: copyValue } = useCopyFeedback();
  const copy = () => copyValue(value);

  return (
    <Tooltip title={copied ? 'Copied!' : 'Click to copy'} placement="top-start" disableInteractive>
      <Box
        component="span"
        role="button"
        tabIndex={0}
        aria-label={`Copy ${value}`}
        onClick={() => void copy()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            event.stopPropagation();
            void copy();
          }
        }}
        sx={{
          display: 'block',
          width: '100%',
          cursor: 'copy',
          fontFamily: mono ? 'ui-monospace, SFMono-Regular, Menlo, monospace' : undefined,
          overflowWrap: 'anywhere',
          outline: 'none',
          borderRadius: 0.5,
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
        }}
      >
        {value}
      </Box>
    </Tooltip>
  );
}
