import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { DASHBOARD_DEFAULT_FILTER } from '@callsight/shared';
import { PlaceholderPage } from '../../../components/placeholder/index.ts';
import { useUrlFilter } from '../../../lib/url-filter.ts';

/** /home, /dashboard: the home dashboard; its filter lives in the URL (spec 000 §2.2). */
export function HomePage() {
  const [filter, setFilter] = useUrlFilter(DASHBOARD_DEFAULT_FILTER);
  return (
    <PlaceholderPage
      title="Home"
      description="Call quality across your contact centre at a glance."
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center' }}
      >
        <Chip label={`Range: ${filter.range}`} variant="outlined" data-testid="filter-range" />
        <Chip label={`Refresh every ${filter.refreshInterval / 1000} s`} variant="outlined" />
        <FormControlLabel
          sx={{ ml: 1 }}
          control={
            <Switch
              checked={filter.autoRefresh}
              onChange={(event) =>
                setFilter({ autoRefresh: event.target.checked }, { replace: true })
              }
            />
          }
          label="Auto refresh"
        />
      </Stack>
    </PlaceholderPage>
  );
}
