import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ExplorerList } from '@callsight/shared';
import { TimeRangePicker } from '../../../components/time-range-picker/index.ts';
import type { ExplorerView } from '../state/use-explorer-view.ts';
import { FilterBar } from './filter-bar.tsx';

interface Props {
  list: ExplorerList;
  view: ExplorerView;
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** Time range, filters and downloads above an explorer table. */
export function ListToolbar({ list, view, actions }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <TimeRangePicker value={view.request.range} onChange={view.setRange} />
          {actions && (
            <Stack direction="row" spacing={1}>
              {actions}
            </Stack>
          )}
        </Stack>
        <FilterBar list={list} filters={view.request.filters} onChange={view.setFilters} />
      </Stack>
    </Paper>
  );
}
