import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { tagSeverity, type TagStatusCell } from '@callsight/shared';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';

const CELL_COLOURS = { good: 'success', warning: 'warning', error: 'error' } as const;

/**
 * Warning tags as chips, red for 'Very …' and amber otherwise; 'Good' when there are none.
 * With `cells` (a job's status per tagging config, spec 002 §9), one chip per config instead:
 * "<config>: <its tag>", or its default text (Good, Normal for latency) outlined in green.
 */
export function TagChips({
  tags,
  label,
  cells,
}: {
  tags: readonly string[];
  label: string;
  cells?: readonly TagStatusCell[] | undefined;
}) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap aria-label={label} sx={{ flexWrap: 'wrap' }}>
      {cells && cells.length > 0 ? (
        cells.map((cell) => (
          <Chip
            key={cell.name}
            label={`${cell.name}: ${cell.text}`}
            size="small"
            color={CELL_COLOURS[cell.tone]}
            variant={cell.tone === 'good' ? 'outlined' : 'filled'}
          />
        ))
      ) : tags.length === 0 ? (
        <Chip label={T.good} size="small" color="success" variant="outlined" />
      ) : (
        tags.map((tag) => <Chip key={tag} label={tag} size="small" color={tagSeverity(tag)} />)
      )}
    </Stack>
  );
}
