import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import {
  EVENT_SOURCE_STATUS_LABELS,
  EVENTBRIDGE_TEXTS,
  eventSourceStatusOf,
} from '@callsight/shared';

const COLORS = {
  pending: 'warning',
  active: 'success',
  deleted: 'default',
  unknown: 'default',
} as const;

/** A source's status (pending, active, deleted, otherwise unknown); pending explains what to do. */
export function EventSourceStatus({ status }: { status: string }) {
  const known = eventSourceStatusOf(status);
  const chip = (
    <Chip
      size="small"
      label={EVENT_SOURCE_STATUS_LABELS[known]}
      color={COLORS[known]}
      variant={known === 'active' ? 'filled' : 'outlined'}
      data-testid={`event-source-status-${known}`}
    />
  );
  if (known !== 'pending') return chip;
  return (
    <Tooltip title={EVENTBRIDGE_TEXTS.pendingTooltip} arrow>
      <span tabIndex={0}>{chip}</span>
    </Tooltip>
  );
}
