import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IMPORT_TEXTS } from '@callsight/shared';
import { SKELETON_ROWS } from '../../../components/data-table/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useGroupDashboards } from '../api/get-group-dashboards.ts';
import { useLogicalDashboards } from '../api/get-logical-dashboards.ts';
import { useMapLogicalDashboards } from '../api/map-logical-dashboards.ts';

/** Logical (custom) dashboards of a group, each mapped to a deployed dashboard title. */
export function MappingTab({ groupId }: { groupId: string }) {
  const logical = useLogicalDashboards(groupId);
  const dashboards = useGroupDashboards(groupId);
  const save = useMapLogicalDashboards(groupId);
  const snackbar = useSnackbar();
  /** Choices made on this screen, over the saved mapping. */
  const [chosen, setChosen] = useState<Record<string, string>>({});

  if (logical.isPending || dashboards.isPending)
    return (
      <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label="Loading mappings">
        <Stack spacing={2}>
          {Array.from({ length: SKELETON_ROWS.mapping }, (_, i) => (
            <Stack
              key={i}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
              data-testid="mapping-skeleton-row"
            >
              <Skeleton variant="text" sx={{ flex: 1 }} />
              <Skeleton variant="rounded" height={40} sx={{ flex: 1, minWidth: 240 }} />
            </Stack>
          ))}
        </Stack>
      </Paper>
    );
  if (logical.isError || dashboards.isError)
    return <Alert severity="error">{IMPORT_TEXTS.loadDashboardsFailed}</Alert>;

  const list = logical.data;
  if (list.length === 0)
    return (
      <Typography color="text.secondary" data-testid="mappings-empty" sx={{ py: 4 }}>
        {IMPORT_TEXTS.noMappings}
      </Typography>
    );

  const titles = [...new Set(dashboards.data.deployedDashboards.map((d) => d.dashboard_title))];
  const valueOf = (id: string, saved: string | null) => chosen[id] ?? saved ?? '';
  // Only the rows changed here are sent; 'Not mapped' on a mapped row removes its mapping.
  const changed = list
    .filter((l) => chosen[l.id] !== undefined && chosen[l.id] !== (l.dashboardName ?? ''))
    .map((l) => ({ id: l.id, dashboardName: valueOf(l.id, l.dashboardName) || null }));

  const onSave = async () => {
    try {
      await save.mutateAsync(changed);
      setChosen({});
      snackbar.show(IMPORT_TEXTS.mappingsSaved, 'success');
    } catch {
      snackbar.show(IMPORT_TEXTS.saveMappingsFailed, 'error');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        {list.map((l) => {
          const value = valueOf(l.id, l.dashboardName);
          return (
            <Stack
              key={l.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
              data-testid="mapping-row"
            >
              <Typography sx={{ flex: 1, fontWeight: 600 }}>{l.name}</Typography>
              <TextField
                select
                size="small"
                label={`Dashboard for ${l.name}`}
                value={value}
                disabled={save.isPending}
                sx={{ flex: 1, minWidth: 240 }}
                onChange={(e) => setChosen((c) => ({ ...c, [l.id]: e.target.value }))}
              >
                <MenuItem value="">
                  <em>Not mapped</em>
                </MenuItem>
                {value && !titles.includes(value) && <MenuItem value={value}>{value}</MenuItem>}
                {titles.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          );
        })}
        <Box>
          <Button
            variant="contained"
            disabled={changed.length === 0 || save.isPending}
            onClick={() => void onSave()}
          >
            Save
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
