import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { agentTypeLabel, SCORED_STATUSES, type InsightJob } from '@callsight/shared';
import type { DataTableColumn } from '../../../../../components/data-table/index.ts';
import { StatusChip } from '../../components/status-chip.tsx';
import { TagChips } from '../../components/tag-chips.tsx';
import { dateText, mosText, scoreText } from '../../format.ts';
import { SYNTHETIC_SCREEN_TEXTS } from '../../texts.ts';

export type InsightColumn = DataTableColumn<InsightJob>;
/**
 * A job's report, or null when it has none. Declared as a method so that a page's callback typed
 * on the full SyntheticJob still fits: a report link reads the job's id and status, which both
 * shapes hold.
 */
export type ReportHref = { href(job: InsightJob): string | null }['href'];

const MISSING = '-';

/** Whether a job has scores: Completed or Poor Call Quality (the insight statuses, spec 002 §4). */
export const isScored = (job: Pick<InsightJob, 'status'>) =>
  (SCORED_STATUSES as readonly string[]).includes(job.status);

/** Spec 002 §4: in the insights tables, any status but Completed shows '-' for its scores. */
const showsScores = (job: InsightJob) => job.status === 'Completed';

/** A score in an insights table: '-' for every status but Completed (spec 002 §4). */
export const insightScoreText = (job: InsightJob, score: number | null) =>
  showsScores(job) ? scoreText(score) : MISSING;

const scoreValue = (job: InsightJob, score: number | null) => (showsScores(job) ? score : null);

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';
/** An id on one line, cut with an ellipsis; the whole id on hover. */
const ID_SX = {
  display: 'block',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontFamily: MONO,
  fontSize: '0.78rem',
} as const;

/** A cell that links to the job's report when it has one (spec 002 §2.8), else plain text. */
function linked(text: string, href: string | null, id = false) {
  if (!href)
    return id ? (
      <Box component="span" title={text} sx={ID_SX}>
        {text}
      </Box>
    ) : (
      text
    );
  return (
    <Link
      component={RouterLink}
      to={href}
      underline="hover"
      title={id ? text : undefined}
      sx={id ? ID_SX : undefined}
    >
      {text}
    </Link>
  );
}

/** The columns of the insights tables, each tab picking its own; `href` gives the report. */
export function insightColumns(href: ReportHref) {
  const score = (
    field: 'cxScore' | 'axScore' | 'networkScore',
    headerName: string,
  ): InsightColumn => ({
    field,
    headerName,
    align: 'right',
    minWidth: 110,
    sortable: true,
    sortValue: (job) => scoreValue(job, job[field]),
    text: (job) => insightScoreText(job, job[field]),
  });
  const plain = (
    field: 'agentId' | 'connectRegion' | 'agentRegion' | 'carrier' | 'toNumber',
    headerName: string,
  ): InsightColumn => ({
    field,
    headerName,
    minWidth: 120,
    sortable: true,
    breakAnywhere: field === 'agentId',
    text: (job) => job[field] ?? MISSING,
  });
  return {
    timestamp: {
      field: 'createdOn',
      headerName: 'Timestamp',
      minWidth: 170,
      sortable: true,
      sortValue: (job) => Date.parse(job.createdOn),
      text: (job) => dateText(job.createdOn),
      render: (job) => linked(dateText(job.createdOn), href(job)),
    },
    jobId: {
      field: 'jobId',
      headerName: 'Job ID',
      minWidth: 130,
      maxWidth: 200,
      nowrap: true,
      text: (job) => job.jobId,
      render: (job) => linked(job.jobId, href(job), true),
    },
    status: {
      field: 'status',
      headerName: 'Status',
      minWidth: 175,
      sortable: true,
      text: (job) => job.status,
      render: (job) => <StatusChip status={job.status} />,
    },
    agentType: {
      field: 'agentType',
      headerName: 'Agent Type',
      minWidth: 100,
      sortable: true,
      text: (job) => (job.agentType ? agentTypeLabel(job.agentType) : MISSING),
    },
    agentId: plain('agentId', 'Agent ID'),
    targetNumber: plain('toNumber', 'Target Phone Number'),
    connectRegion: plain('connectRegion', 'Connect Region'),
    agentRegion: plain('agentRegion', 'Agent Region'),
    carrier: plain('carrier', 'Carrier'),
    cxScore: score('cxScore', 'CX Score'),
    axScore: score('axScore', 'AX Score'),
    networkScore: score('networkScore', 'Network Score'),
    mos: {
      field: 'mos',
      headerName: 'MOS',
      align: 'right',
      minWidth: 80,
      sortable: true,
      sortValue: (job) => scoreValue(job, job.mos),
      text: (job) => (isScored(job) ? mosText(job.mos) : MISSING),
    },
    tags: {
      field: 'tags',
      headerName: 'Insights',
      minWidth: 200,
      flex: 2,
      text: (job) => (isScored(job) ? job.tags.join(', ') || SYNTHETIC_SCREEN_TEXTS.good : MISSING),
      render: (job) =>
        isScored(job) ? <TagChips tags={job.tags} label={`Insights of ${job.jobId}`} /> : MISSING,
    },
  } satisfies Record<string, InsightColumn>;
}
