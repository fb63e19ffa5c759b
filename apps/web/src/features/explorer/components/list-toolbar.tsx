import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { EXPLORER_TEXTS, type ExplorerList } from '@callsight/shared';
import { TimeRangePicker } from '../../../components/time-range-picker/index.ts';
import type { ExplorerView } from '../state/use-explorer-view.ts';
import { FilterBar } from './filter-bar.tsx';

interface Props {
  list: ExplorerList;
  view: ExplorerView;
  /** Buttons on the right. */
  actions?: ReactNode;
}

/**
 * Time range, filters and downloads above an explorer table; on the call list, "Include test
 * calls" (our own test calls are left out unless it is on; issue 33).
 */
export function ListToolbar({ list, view, actions }: Props) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <TimeRangePicker value={view.request.range} onChange={view.setRange} />
            {list === 'calls' && (
              <Tooltip title={EXPLORER_TEXTS.testCallHint} describeChild>
                <FormControlLabel
                  label={EXPLORER_TEXTS.includeTestCalls}
                  control={
                    <Checkbox
                      size="small"
                      checked={view.request.includeTestCalls}
                      onChange={(event) => view.setIncludeTestCalls(event.target.checked)}
                    />
                  }
                />
              </Tooltip>
            )}
          </Stack>
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
