import { useState } from 'react';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { TRACE_SLIDE_OUT_WIDTH_PERCENT, TRACE_TEXTS, type SpanTab } from '@callsight/shared';
import { paths } from '../../../lib/paths.ts';
import { TraceView } from './trace-view.tsx';

interface Props {
  groupId: string;
  traceId: string | undefined;
  onClose: () => void;
}

/** The slide-out of one journey (spec 002 §2.13): 65% wide, with "Open in new Tab". */
export function JourneyDrawer({ groupId, traceId, onClose }: Props) {
  return (
    <Drawer
      anchor="right"
      open={Boolean(traceId)}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', md: `${TRACE_SLIDE_OUT_WIDTH_PERCENT}%` } } },
      }}
    >
      {traceId && (
        <DrawerContent key={traceId} groupId={groupId} traceId={traceId} onClose={onClose} />
      )}
    </Drawer>
  );
}

function DrawerContent({
  groupId,
  traceId,
  onClose,
}: {
  groupId: string;
  traceId: string;
  onClose: () => void;
}) {
  const [selection, setSelection] = useState<{ spanId?: string; tab: SpanTab }>({
    tab: 'detail',
  });
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="journey-drawer">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ flex: 1, wordBreak: 'break-all' }}
          data-testid="journey-drawer-title"
        >
          {TRACE_TEXTS.journeyTitle(traceId)}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          endIcon={<OpenInNewIcon />}
          href={paths.trace.getHref(groupId, traceId)}
          target="_blank"
          rel="noopener"
        >
          {TRACE_TEXTS.openInNewTab}
        </Button>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <TraceView
        groupId={groupId}
        traceId={traceId}
        spanId={selection.spanId}
        tab={selection.tab}
        onSelect={(spanId, tab) => setSelection({ spanId, tab })}
        timelineHeight={320}
      />
    </Stack>
  );
}
