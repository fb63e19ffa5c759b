import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import { importStatus } from '@callsight/shared';
import type { ReactNode } from 'react';
import { useCopyFeedback } from '../../../components/copy-feedback/index.ts';
import { useDocumentTitle } from '../../../components/page-header/index.ts';
import { useGroups } from '../../../lib/groups/get-groups.ts';
import { useExecutions } from '../api/get-executions.ts';
import { CustomImportsTab } from '../components/custom-imports-tab.tsx';
import { ExecutionHistoryTab } from '../components/execution-history-tab.tsx';
import { latestSuccessful, versionText } from '../components/format.ts';
import { MappingTab } from '../components/mapping-tab.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

const TABS = [
  { key: 'history', label: 'Execution History', path: '' },
  { key: 'custom', label: 'Custom Imports', path: '/custom-imports' },
  { key: 'mappings', label: 'Mapping', path: '/mappings' },
] as const;

function Block({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Box sx={{ mt: 0.5, fontSize: '1.25rem', fontWeight: 600 }}>{children}</Box>
    </Paper>
  );
}

/** {base}/group/{groupId}: a group's import status, latest imports, history, customs, mapping. */
export function GroupDetailPage({ base }: { base: string }) {
  const { targetGroupId = '', '*': rest = '' } = useParams();
  const groups = useGroups();
  const executions = useExecutions(targetGroupId);
  const { copied, copy } = useCopyFeedback();

  const group = groups.data?.find((g) => g.id === targetGroupId);
  const name = group?.name ?? (groups.isPending ? '' : targetGroupId);
  useDocumentTitle(name || 'Dashboard Manager');
  const url = `${base}/group/${encodeURIComponent(targetGroupId)}`;
  const segment = rest.replace(/\/+$/, '').toLowerCase();
  const active = TABS.find((t) => t.path === (segment ? `/${segment}` : '')) ?? TABS[0];

  const status = executions.isError
    ? 'ERROR'
    : executions.data
      ? importStatus(executions.data)
      : null;
  const standard = latestSuccessful(executions.data ?? [], 'standard');
  const custom = latestSuccessful(executions.data ?? [], 'custom');
  const loadingValue = <Skeleton width={80} />;

  return (
    <Box>
      <Button component={RouterLink} to={base} startIcon={<ArrowBackRoundedIcon />} sx={{ mb: 1 }}>
        Groups
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="h4" component="h1" data-testid="group-name">
          {name || <Skeleton width={200} />}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 3 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
          data-testid="group-id"
        >
          {targetGroupId}
        </Typography>
        <Tooltip title={copied ? 'Copied!' : 'Copy group id'}>
          <IconButton
            size="small"
            aria-label="Copy group id"
            onClick={() => void copy(targetGroupId)}
          >
            <ContentCopyRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <Block title="Status" testId="block-status">
          {status === null ? loadingValue : <StatusBadge status={status} />}
        </Block>
        <Block title="Latest Standard Import" testId="block-standard">
          {executions.isPending ? loadingValue : versionText(standard?.version)}
        </Block>
        <Block title="Latest Custom Import" testId="block-custom">
          {executions.isPending ? loadingValue : versionText(custom?.version)}
        </Block>
      </Stack>

      <Tabs
        value={active.key}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label="Group imports"
      >
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            component={RouterLink}
            to={`${url}${t.path}`}
          />
        ))}
      </Tabs>
      {active.key === 'custom' ? (
        <CustomImportsTab groupId={targetGroupId} executions={executions.data} />
      ) : active.key === 'mappings' ? (
        <MappingTab groupId={targetGroupId} />
      ) : (
        <ExecutionHistoryTab executions={executions.isError ? [] : executions.data} />
      )}
    </Box>
  );
}
