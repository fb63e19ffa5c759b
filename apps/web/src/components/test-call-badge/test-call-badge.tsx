import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { EXPLORER_TEXTS } from '@callsight/shared';

/**
 * The "Test call" badge of one of our own test calls (a GSM monitor's or heartbeat test's agent
 * leg, issue 33), wherever calls are listed or opened: not an agent's call.
 */
export function TestCallBadge() {
  return (
    <Tooltip title={EXPLORER_TEXTS.testCallHint} describeChild>
      <Chip
        size="small"
        variant="outlined"
        color="info"
        label={EXPLORER_TEXTS.testCall}
        data-testid="test-call-badge"
        sx={{ height: 20, fontSize: 12, flexShrink: 0 }}
      />
    </Tooltip>
  );
}
