import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useQuery } from '@tanstack/react-query';
import { canAccess, canvasDashboardId, type CanvasKey } from '@callsight/shared';
import type { TimeSpan } from '../../../components/charts/index.ts';
import { useUrlFilter } from '../../../lib/url-filter.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { openHelpArticle } from '../../../components/help-button/index.ts';
import { HELP_ARTICLES } from '../../../app/help-articles.ts';
import { useShell } from '../../../app/access.tsx';
import { useCurrentRoleId } from '../../playbooks/api/teams.ts';
import { getDashboardToken } from '../../canvas/api/get-dashboard-token.ts';
import { ChartCard, type ChartAuth } from '../../canvas/embed/chart-card.tsx';
import { getEmbedDashboard } from '../../canvas/embed/embed-api.ts';
import {
  intervalRange,
  isKnownRange,
  rangeLabel,
  rangeWindow,
  zoomSpan,
} from '../../canvas/embed/dashboard-range.ts';
import { HomeAskBox } from '../components/home-ask-box.tsx';

/** The four sections of Home (spec 002 §2.14), in the order of the home dashboard's rows. */
const SECTIONS: { title: string; explore: CanvasKey }[] = [
  { title: 'Reported Issues and Insights', explore: 'issues' },
  { title: 'Technology CX Risk', explore: 'technology' },
  { title: 'Operational CX Risk', explore: 'agentinteractions' },
  { title: 'Collection Coverage', explore: 'coverage' },
];

/** BI sign-in is retried every 2 s, about 10 times, with skeletons meanwhile (spec 002 §2.14). */
const AUTH_TRIES = 10;
const AUTH_RETRY_MS = 2000;

const EXPLORE_LINKS = [
  { label: 'Help centre', help: HELP_ARTICLES.home },
  { label: 'API documentation', href: '/api/docs' },
  { label: 'Callsight blog', href: 'https://callsight.dev/blog' },
] as const;

function SectionSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
      <Skeleton variant="rounded" height={280} />
      <Skeleton variant="rounded" height={280} />
    </Box>
  );
}

/** Home reads 28 days (spec 002 §2.14); its `filter` may name another range, or a zoomed stretch. */
const HOME_FILTER = { range: 'Last 28 days' } as const;
const HOME_SUBTITLE = 'Call quality across your contact centre';

/** The page a section's Explore Dashboard opens: Collection Coverage is for admins (spec 000 §2.4). */
const exploreGate = (key: CanvasKey) => (key === 'coverage' ? 'canvasAdmin' : 'canvas');

/**
 * /home, /dashboard: Home, the group's four risk sections over 28 days (or the range its
 * `filter` names, such as a stretch dragged to on a chart), under the user's current team (its
 * row rules; Home is every team's dashboard). A section's Explore Dashboard shows only to those
 * who may open its canvas page.
 */
export function HomePage() {
  const { groupId = '' } = useParams();
  const { access } = useShell();
  const homeId = `home_${groupId}`;
  const roleId = useCurrentRoleId();
  const token = useQuery({
    queryKey: ['home-token', groupId, roleId ?? ''],
    queryFn: () => getDashboardToken(homeId),
    retry: AUTH_TRIES - 1,
    retryDelay: AUTH_RETRY_MS,
    staleTime: 4 * 60_000,
    refetchInterval: 4 * 60_000,
  });
  const dashboard = useQuery({
    queryKey: ['home-dashboard', groupId],
    queryFn: () => getEmbedDashboard(homeId, token.data?.token ?? ''),
    enabled: Boolean(token.data),
    staleTime: Infinity,
  });
  const tokenText = token.data?.token ?? '';
  // Cached per team, not per token: a renewed token neither reloads nor blanks the charts.
  const auth = useMemo<ChartAuth>(
    () => ({ token: tokenText, scope: roleId ?? '' }),
    [tokenText, roleId],
  );
  const [filter, setFilter] = useUrlFilter(HOME_FILTER);
  const range = isKnownRange(filter.range) ? filter.range : HOME_FILTER.range;
  const span = useMemo(() => rangeWindow(range, new Date()), [range]);
  // The ranges before each drag-to-zoom on a chart, the latest last: Zoom out goes back one.
  const [zoomedFrom, setZoomedFrom] = useState<string[]>([]);
  const zoomTo = (picked: TimeSpan) => {
    const shown = { from: Date.parse(span.from), to: Date.parse(span.to) };
    setZoomedFrom([...zoomedFrom, range]);
    setFilter({ range: intervalRange(zoomSpan(picked, shown)) });
  };
  const zoomOut = () => {
    const previous = zoomedFrom.at(-1);
    if (previous === undefined) return;
    setZoomedFrom(zoomedFrom.slice(0, -1));
    setFilter({ range: previous });
  };
  const subtitle =
    range === HOME_FILTER.range
      ? `${HOME_SUBTITLE}, last 28 days`
      : `${HOME_SUBTITLE}, ${rangeLabel(range).replace(/^Last /, 'last ')}`;

  return (
    <>
      <PageHeader
        title="Home"
        subtitle={subtitle}
        actions={
          zoomedFrom.length ? (
            <Button size="small" startIcon={<ZoomOutIcon />} onClick={zoomOut}>
              Zoom out
            </Button>
          ) : undefined
        }
      />
      <Stack spacing={3}>
        <HomeAskBox features={access.features} groupId={groupId} />
        {SECTIONS.map((section, i) => {
          const row = dashboard.data?.rows[i];
          const dashboardId = canvasDashboardId(section.explore, groupId) ?? '';
          return (
            <Paper
              key={section.title}
              variant="outlined"
              sx={{ p: 2 }}
              component="section"
              aria-label={section.title}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{
                  justifyContent: 'space-between',
                  alignItems: { sm: 'center' },
                  mb: 2,
                  gap: 1,
                }}
              >
                <Typography variant="h6" component="h2">
                  {section.title}
                </Typography>
                <Stack direction="row" spacing={1}>
                  {canAccess(exploreGate(section.explore), access) && (
                    <Button
                      variant="contained"
                      size="small"
                      component={RouterLink}
                      to={`/${groupId}/canvas/${section.explore}`}
                      data-dashboard={dashboardId}
                    >
                      Explore Dashboard
                    </Button>
                  )}
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => openHelpArticle(HELP_ARTICLES.canvas[section.explore])}
                  >
                    Learn More
                  </Button>
                </Stack>
              </Stack>
              {token.isError ? (
                <Typography color="error" variant="body2">
                  The dashboards could not be opened: {token.error.message}
                </Typography>
              ) : !row || !token.data ? (
                <SectionSkeleton />
              ) : (
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: { xs: '1fr', md: 'repeat(12, 1fr)' },
                  }}
                >
                  {row.cells.map((cell) => (
                    <Box
                      key={cell.chart.id}
                      sx={{ gridColumn: { md: `span ${cell.width}` }, minWidth: 0 }}
                    >
                      <ChartCard
                        dashboardId={homeId}
                        spec={cell.chart}
                        auth={auth}
                        window={span}
                        onZoom={zoomTo}
                      />
                    </Box>
                  ))}
                </Box>
              )}
            </Paper>
          );
        })}
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Explore Callsight">
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Explore Callsight
          </Typography>
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
            {EXPLORE_LINKS.map((l) =>
              'help' in l ? (
                <Link
                  key={l.label}
                  component="button"
                  type="button"
                  onClick={() => openHelpArticle(l.help)}
                >
                  {l.label}
                </Link>
              ) : (
                <Link key={l.label} href={l.href} target="_blank" rel="noreferrer">
                  {l.label}
                </Link>
              ),
            )}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
