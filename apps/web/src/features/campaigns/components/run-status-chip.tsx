import Chip from '@mui/material/Chip';
import type { CampaignRun } from '@callsight/shared';

const COLORS = {
  Complete: 'success',
  Cancelled: 'warning',
  'In Progress': 'info',
} as const satisfies Record<CampaignRun['status'], 'success' | 'warning' | 'info'>;

/** A run's shown status (spec 001 §4): Cancelled, Complete or In Progress. */
export function RunStatusChip({ status }: { status: CampaignRun['status'] }) {
  return (
    <Chip
      label={status}
      color={COLORS[status]}
      size="small"
      variant={status === 'In Progress' ? 'filled' : 'outlined'}
      data-testid="run-status"
    />
  );
}
