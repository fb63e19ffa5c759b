import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { tagSeverity } from '@callsight/shared';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';

/** Warning tags as chips, red for 'Very …' and amber otherwise; 'Good' when there are none. */
export function TagChips({ tags, label }: { tags: readonly string[]; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap aria-label={label} sx={{ flexWrap: 'wrap' }}>
      {tags.length === 0 ? (
        <Chip label={T.good} size="small" color="success" variant="outlined" />
      ) : (
        tags.map((tag) => <Chip key={tag} label={tag} size="small" color={tagSeverity(tag)} />)
      )}
    </Stack>
  );
}
