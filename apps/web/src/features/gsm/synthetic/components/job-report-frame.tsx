import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { SYNTHETIC_TEXTS, type JobDetails } from '@callsight/shared';
import { LoadState } from '../../../../components/load-state/index.ts';
import { PageHeader } from '../../../../components/page-header/index.ts';
import { paths } from '../../../../lib/paths.ts';
import { dateText } from '../format.ts';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';
import { StatusChip } from './status-chip.tsx';

interface Props<K extends string> {
  title: string;
  details: UseQueryResult<JobDetails>;
  tabs: readonly { key: K; label: string }[];
  tab: K;
  onTab: (tab: K) => void;
  /** The selected tab's content, once the details are in. */
  children: (details: JobDetails) => ReactNode;
}

/**
 * The call header (spec 002 §2.9): job, status, time, and the Call Contact ID or 'N/A'. A human
 * agent's contact links to its call detail: the agent softphone's telemetry is ingested there.
 */
function JobHeader({ details }: { details: JobDetails }) {
  const { job } = details;
  const { groupId = '' } = useParams();
  const contact = job.callContactId;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 3 }}
      sx={{ alignItems: { sm: 'center' }, mb: 2, flexWrap: 'wrap' }}
      data-testid="job-header"
    >
      <StatusChip status={job.status} />
      <Typography variant="body2">
        {T.callContactId}:{' '}
        <strong>
          {contact && job.agentType === 'HUMAN_AGENT' && details.softphoneSummary ? (
            <Link component={RouterLink} to={paths.call.getHref(groupId, contact)}>
              {contact}
            </Link>
          ) : (
            (contact ?? SYNTHETIC_TEXTS.notAvailable)
          )}
        </strong>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {dateText(job.createdOn)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {job.description}
      </Typography>
    </Stack>
  );
}

/** A job report page: heading, call header, tabs and the selected tab, or the load state. */
export function JobReportFrame<K extends string>({
  title,
  details,
  tabs,
  tab,
  onTab,
  children,
}: Props<K>) {
  return (
    <>
      <PageHeader title={title} subtitle={details.data?.job.jobId} />
      {details.data ? (
        <>
          <JobHeader details={details.data} />
          <Tabs
            value={tab}
            onChange={(_event, value: K) => onTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((t) => (
              <Tab key={t.key} value={t.key} label={t.label} />
            ))}
          </Tabs>
          <Box>{children(details.data)}</Box>
        </>
      ) : (
        <LoadState
          failed={details.isError}
          failedText={SYNTHETIC_TEXTS.jobDetailsFailed}
          onRetry={() => void details.refetch()}
        />
      )}
    </>
  );
}
