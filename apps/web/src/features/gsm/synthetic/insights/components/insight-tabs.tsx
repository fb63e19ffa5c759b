import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { gaugeChange, type InsightJob, type PeriodStats } from '@callsight/shared';
import type { JobKind } from '../../api/job-paths.ts';
import type { InsightTab, InsightView } from '../use-insight-view.ts';
import { figureText, gaugeColours, GaugeHeader, type GaugeFigure } from './gauge-header.tsx';
import type { InsightColumn, ReportHref } from './insight-columns.tsx';
import { InsightTable } from './insight-table.tsx';

type Figure = 'completedPercentage' | 'cxScore' | 'axScore' | 'networkScore';

/** One tab: its gauge's figure of the period stats and its table's columns. */
export interface InsightTabSpec {
  key: InsightTab;
  label: string;
  figure: Figure;
  columns: readonly InsightColumn[];
}

/** The gauge figures of the four tabs (spec 002 §2.8): Telephony is the share Completed. */
export const TAB_FIGURES: Record<InsightTab, { label: string; figure: Figure }> = {
  telephony: { label: 'Telephony', figure: 'completedPercentage' },
  cx: { label: 'CX Score', figure: 'cxScore' },
  ax: { label: 'AX Score', figure: 'axScore' },
  network: { label: 'Network Performance', figure: 'networkScore' },
};

interface Props {
  kind: JobKind;
  testId: string;
  tabs: readonly InsightTabSpec[];
  view: Pick<InsightView, 'tab' | 'setTab' | 'sort' | 'setSort'>;
  jobs: readonly InsightJob[] | undefined;
  jobsLoading: boolean;
  /** The telephony tab's stats and the scores' stats (different statuses count). */
  stats: { telephony: PeriodStats | undefined; scores: PeriodStats | undefined };
  statsLoading: boolean;
  reportHref: ReportHref;
}

function figureOf(spec: InsightTabSpec, stats: Props['stats']): GaugeFigure {
  const period = spec.figure === 'completedPercentage' ? stats.telephony : stats.scores;
  const percent = spec.figure === 'completedPercentage';
  return {
    title: spec.label,
    current: period?.current[spec.figure] ?? null,
    previous: period?.previous[spec.figure] ?? null,
    max: percent ? 100 : 10,
    unit: percent ? '%' : undefined,
    currentCount: period?.current.count,
    previousCount: period?.previous.count,
  };
}

/**
 * The four gauge tabs (spec 002 §2.4, §2.8): each tab names its figure with its colour against
 * the previous period; the open one shows its gauge header and its table.
 */
export function InsightTabs(props: Props) {
  const theme = useTheme();
  const { tabs, view, stats } = props;
  const active = tabs.find((t) => t.key === view.tab) ?? tabs[0];
  if (!active) return null;
  const colours = gaugeColours(theme);
  return (
    <Box data-testid={props.testId}>
      <Tabs
        value={active.key}
        onChange={(_event, key: InsightTab) => view.setTab(key)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {tabs.map((spec) => {
          const figure = figureOf(spec, stats);
          const change = gaugeChange(figure.current, figure.previous);
          return (
            <Tab
              key={spec.key}
              value={spec.key}
              id={`${props.testId}-tab-${spec.key}`}
              aria-controls={`${props.testId}-panel`}
              label={
                <Stack spacing={0.25} sx={{ alignItems: 'center' }}>
                  <span>{spec.label}</span>
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ color: colours[change.colour].text, fontWeight: 700 }}
                  >
                    {props.statsLoading && !stats.scores
                      ? '…'
                      : figureText(figure.current, figure.unit)}
                    {change.text ? ` · ${change.text}` : ''}
                  </Typography>
                </Stack>
              }
              sx={{ minWidth: 140 }}
            />
          );
        })}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${props.testId}-panel`}
        aria-labelledby={`${props.testId}-tab-${active.key}`}
      >
        <GaugeHeader
          figure={figureOf(active, stats)}
          loading={
            props.statsLoading &&
            !(active.figure === 'completedPercentage' ? stats.telephony : stats.scores)
          }
        />
        <InsightTable
          key={active.key}
          kind={props.kind}
          label={`${active.label} jobs`}
          testId={`${props.testId}-table`}
          columns={active.columns}
          jobs={props.jobs}
          loading={props.jobsLoading}
          sort={view.sort(active.key)}
          onSort={(sort) => view.setSort(active.key, sort)}
          reportHref={props.reportHref}
        />
      </Box>
    </Box>
  );
}
