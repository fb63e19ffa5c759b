import { Link } from 'react-router';
import Button from '@mui/material/Button';
import type { SyntheticJob } from '@callsight/shared';
import type { DataTableColumn } from '../../../../components/data-table/index.ts';
import { jobScoreText, mosText } from '../format.ts';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';
import { actionsColumn, descriptionColumn, idColumn, timeColumn } from './columns.tsx';
import { StatusChip } from './status-chip.tsx';

export type JobColumn = DataTableColumn<SyntheticJob>;
type TextField = 'jobId' | 'heartbeatId' | 'monitorId' | 'diallerCallId' | 'receiverCallId';

const id = (field: TextField, headerName: string) =>
  idColumn<SyntheticJob>(field, headerName, (job) => job[field] ?? '-');

const plain = (
  field: 'agentId' | 'connectRegion' | 'agentRegion' | 'carrier',
  headerName: string,
): JobColumn => ({
  field,
  headerName,
  minWidth: 120,
  text: (job) => job[field] ?? '-',
});

const score = (field: 'cxScore' | 'axScore' | 'networkScore', headerName: string): JobColumn => ({
  field,
  headerName,
  align: 'right',
  minWidth: 110,
  text: (job) => jobScoreText(job.status, job[field]),
});

/** The columns of the job lists (spec 002 §2.2, §2.7, §3), each list picking its own. */
export const JOB_COLUMNS = {
  createdOn: timeColumn<SyntheticJob>('createdOn', 'Created On', (job) => job.createdOn),
  updatedOn: timeColumn<SyntheticJob>('updatedOn', 'Updated On', (job) => job.updatedOn),
  jobId: id('jobId', 'Job ID'),
  heartbeatId: id('heartbeatId', 'Heartbeat ID'),
  monitorId: id('monitorId', 'Monitor ID'),
  diallerCallId: id('diallerCallId', 'Dialler Call ID'),
  receiverCallId: id('receiverCallId', 'CCaaS Call ID'),
  agentId: plain('agentId', 'Agent ID'),
  connectRegion: plain('connectRegion', 'Connect Region'),
  agentRegion: plain('agentRegion', 'Agent Region'),
  carrier: plain('carrier', 'Carrier'),
  description: descriptionColumn<SyntheticJob>(),
  cxScore: score('cxScore', 'CX Score'),
  axScore: score('axScore', 'AX Score'),
  networkScore: score('networkScore', 'Network Score'),
  mos: {
    field: 'mos',
    headerName: 'MOS',
    align: 'right',
    minWidth: 80,
    text: (job) => mosText(job.mos),
  },
  status: {
    field: 'status',
    headerName: 'Status',
    minWidth: 150,
    text: (job) => job.status,
    render: (job) => <StatusChip status={job.status} />,
  },
} satisfies Record<string, JobColumn>;

/** Actions: a Report link to the job's report where `href` gives one. */
export function reportColumn(href: (job: SyntheticJob) => string | null): JobColumn {
  return actionsColumn<SyntheticJob>(100, (job) => {
    const to = href(job);
    return to ? (
      <Button size="small" component={Link} to={to}>
        {T.report}
      </Button>
    ) : null;
  });
}
