import Chip from '@mui/material/Chip';
import { SCORED_STATUSES } from '@callsight/shared';

const UNDER_WAY = ['Queued', 'Running'];

type ChipColour = 'success' | 'warning' | 'error' | 'default';

/** A job status's colour: green Completed, amber Poor Call Quality, grey under way, else red. */
export function statusColour(status: string): ChipColour {
  if (status === SCORED_STATUSES[0]) return 'success';
  if ((SCORED_STATUSES as readonly string[]).includes(status)) return 'warning';
  return UNDER_WAY.includes(status) ? 'default' : 'error';
}

/** A job's status as a small coloured chip (its text is the status). */
export function StatusChip({ status }: { status: string }) {
  return <Chip label={status} size="small" color={statusColour(status)} variant="outlined" />;
}
