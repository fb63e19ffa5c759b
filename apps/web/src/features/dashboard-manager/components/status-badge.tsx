import Chip from '@mui/material/Chip';
import { importBadgeColour } from '@callsight/shared';

/** An import or execution status as a badge coloured by spec 001 §4. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <Chip
      size="small"
      label={status}
      color={importBadgeColour(status)}
      data-testid={testId}
      data-colour={importBadgeColour(status)}
    />
  );
}
