import { useCallback } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_RANGES, type RegionStat } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useTimeRangeParam } from '../../../components/time-range-picker/index.ts';
import { paths } from '../../../lib/paths.ts';
import { RangeFilter } from '../synthetic/components/range-filter.tsx';
import { useFailureSnackbar } from '../synthetic/use-failure-snackbar.ts';
import { useRegionStats } from '../status/api/get-region-stats.ts';
import type { LatestJobsRequest } from '../status/api/get-latest-jobs.ts';
import { HealthLegend } from '../status/components/health-badge.tsx';
import { LatestJobsTable } from '../status/components/latest-jobs-table.tsx';
import { RegionMap } from '../status/components/region-map.tsx';
import { RegionTable } from '../status/components/region-table.tsx';
import { STATUS_TEXTS as T } from '../status/texts.ts';
import { useJobUpdates } from '../synthetic/use-job-updates.ts';

const REGION_PARAM = 'region';
const ROLE_PARAM = 'regionType';

/** The region picked for the latest jobs, from the URL (so that a link shares it). */
function pickedRegion(params: URLSearchParams): LatestJobsRequest['region'] {
  const name = params.get(REGION_PARAM);
  const role = params.get(ROLE_PARAM);
  return name && (role === 'connect' || role === 'agent') ? { role, name } : null;
}

/**
 * /gsm/status (spec 002 §2.5): a world map with a bubble per connect and agent region of the
 * monitors' jobs in the range (default the last 4 hours), sized by their number and coloured by
 * their health, a popup per region, the regions in a table, and a sample of the latest jobs.
 */
export function GsmStatusPage() {
  const { groupId = '' } = useParams();
  const [range, setRange] = useTimeRangeParam(DEFAULT_RANGES.insights);
  const [params, setParams] = useSearchParams();
  const region = pickedRegion(params);
  const stats = useRegionStats(groupId, 'monitor', range);
  useFailureSnackbar(stats.isError, T.loadFailed);
  // Failures too: they change a region's health.
  useJobUpdates(groupId, 'monitor');
  const regions = stats.isError ? [] : stats.data?.regions;

  const pick = useCallback(
    (next: RegionStat | null) =>
      setParams((prev) => {
        const updated = new URLSearchParams(prev);
        if (next) {
          updated.set(REGION_PARAM, next.region);
          updated.set(ROLE_PARAM, next.role);
        } else {
          updated.delete(REGION_PARAM);
          updated.delete(ROLE_PARAM);
        }
        return updated;
      }),
    [setParams],
  );
  const roleText = (role: 'connect' | 'agent') => (role === 'connect' ? T.connect : T.agent);

  return (
    <>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 1 }}
          >
            <RangeFilter
              range={range}
              onRange={setRange}
              defaultRange={DEFAULT_RANGES.insights}
              testId="status-range"
            />
            <HealthLegend />
          </Stack>
          <RegionMap regions={regions ?? []} onSelect={pick} />
          <Typography variant="caption" color="text.secondary">
            {T.sizeNote}
          </Typography>
        </Paper>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {T.regionsTitle}
          </Typography>
          <RegionTable regions={regions} loading={stats.isFetching} onSelect={pick} />
        </Stack>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {region
              ? T.latestJobsOf(region.name, roleText(region.role).toLowerCase())
              : T.latestJobs}
          </Typography>
          <LatestJobsTable
            range={range}
            region={region}
            title={T.latestJobs}
            header={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {region && (
                  <Chip
                    label={`${roleText(region.role)}: ${region.name}`}
                    onDelete={() => pick(null)}
                    size="small"
                  />
                )}
                <Button size="small" component={RouterLink} to={paths.gsmLogs.getHref(groupId)}>
                  {T.allLogs}
                </Button>
              </Stack>
            }
          />
        </Stack>
      </Stack>
    </>
  );
}
