import { useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import { useCopyFeedback } from '../../../components/copy-feedback/index.ts';

/** Lines of a response shown before "Show all". */
export const RESPONSE_LINES = 3;

/**
 * A contact id on one line: a link to the call, cut with an ellipsis (the whole id on hover),
 * and a button that copies the whole id. A UUID would otherwise wrap over six lines.
 */
export function ContactIdCell({ contactId, href }: { contactId: string; href: string }) {
  const { copied, copy } = useCopyFeedback();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0, width: '100%' }}
      data-testid="contact-id-cell"
    >
      <Link
        component={RouterLink}
        to={href}
        title={contactId}
        sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {contactId}
      </Link>
      <Tooltip title={copied ? 'Copied!' : 'Copy contact id'} disableInteractive>
        <IconButton
          size="small"
          aria-label={`Copy contact id ${contactId}`}
          onClick={(event) => {
            event.stopPropagation();
            void copy(contactId);
          }}
          sx={{ flexShrink: 0, p: 0.25, color: 'text.secondary' }}
        >
          <ContentCopyRoundedIcon sx={{ fontSize: 14 }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * A workflow's response (up to 1,000 characters): the first lines, wrapped inside the column,
 * with "Show all" when more is hidden; the whole text is also the hover title.
 */
export function ResponseCell({
  text,
  failed,
  expanded,
  onToggle,
}: {
  text: string;
  failed: boolean;
  expanded: boolean;
  onToggle: () => void;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);

  // Whether the clamp hides anything: measured, so a short text never offers "Show all".
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded, text]);

  return (
    <Box sx={{ minWidth: 0, width: '100%', py: 0.25 }}>
      <Typography
        ref={ref}
        component="span"
        variant="body2"
        color={failed ? 'error' : 'text.primary'}
        data-result={failed ? 'failure' : 'success'}
        title={text}
        sx={{
          fontSize: 'inherit',
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-wrap',
          ...(expanded
            ? { display: 'block' }
            : {
                display: '-webkit-box',
                WebkitLineClamp: RESPONSE_LINES,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
        }}
      >
        {text}
      </Typography>
      {(cut || expanded) && (
        <Link
          component="button"
          type="button"
          variant="caption"
          aria-expanded={expanded}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
        >
          {expanded ? 'Show less' : 'Show all'}
        </Link>
      )}
    </Box>
  );
}
