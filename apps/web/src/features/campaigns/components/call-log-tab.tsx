import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import PlayCircleRoundedIcon from '@mui/icons-material/PlayCircleRounded';
import { CAMPAIGN_TEXTS, type CampaignCall } from '@callsight/shared';
import {
  DataTable,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { useRunCalls } from '../api/get-run-calls.ts';
import type { RunIds } from '../api/run-part.ts';
import { eventTimeText, secondsText } from '../format.ts';
import { RecordingDialog } from './recording-dialog.tsx';

const STATUS_COLORS: Record<
  CampaignCall['status'],
  'success' | 'warning' | 'error' | 'info' | 'default'
> = {
  Successful: 'success',
  'No Answer': 'warning',
  Busy: 'warning',
  Cancelled: 'default',
  Premature: 'error',
  Failed: 'error',
  Live: 'info',
};

const EVENTS = [
  ['createdAt', 'Created'],
  ['queuedAt', 'Queued'],
  ['initiatedAt', 'Initiated'],
  ['ringingAt', 'Ringing'],
  ['inProgressAt', 'In Progress'],
  ['completedAt', 'Completed'],
  ['noAnswerAt', 'No Answer'],
  ['busyAt', 'Busy'],
  ['terminatedPrematurelyAt', 'Terminated Premature'],
  ['failedAt', 'Failed'],
] as const;

const seconds = (field: 'callDuration' | 'postDialDelay' | 'timeToAnswer', headerName: string) =>
  ({
    field,
    headerName,
    width: 110,
    align: 'right',
    text: (c: CampaignCall) => (c[field] === null ? '' : secondsText(c[field])),
  }) satisfies DataTableColumn<CampaignCall>;

/**
 * The Call Log tab (spec 001 §2): one server page of the run's calls, by seq, with their event
 * times, durations, status and a play button for the recording; polled while the run is live.
 */
export function CallLogTab({ ids, live }: { ids: RunIds; live: boolean }) {
  const [page, setPage] = useState<{ page: number; size: number }>({
    page: 0,
    size: TABLE_PAGING.campaigns.size,
  });
  const [playing, setPlaying] = useState<CampaignCall | null>(null);
  const calls = useRunCalls(ids, page, live);

  const columns: DataTableColumn<CampaignCall>[] = [
    { field: 'seq', headerName: '#', width: 60, align: 'right', text: (c) => String(c.seq) },
    {
      field: 'callSid',
      headerName: 'Call SID',
      minWidth: 200,
      mono: true,
      copy: true,
      breakAnywhere: true,
      text: (c) => c.callSid ?? '',
    },
    {
      field: 'answerTreatment',
      headerName: 'Answer Treatment',
      minWidth: 140,
      text: (c) => c.answerTreatment,
    },
    ...EVENTS.map(
      ([field, headerName]) =>
        ({
          field,
          headerName,
          minWidth: 110,
          nowrap: true,
          text: (c: CampaignCall) => eventTimeText(c[field]),
        }) satisfies DataTableColumn<CampaignCall>,
    ),
    seconds('callDuration', 'Duration (s)'),
    seconds('postDialDelay', 'Post Dial Delay (s)'),
    seconds('timeToAnswer', 'Time To Answer (s)'),
    {
      field: 'status',
      headerName: 'Status',
      width: 120,
      text: (c) => c.status,
      render: (c) => <Chip size="small" label={c.status} color={STATUS_COLORS[c.status]} />,
    },
    {
      field: 'recording',
      headerName: 'Recording',
      width: 100,
      align: 'center',
      hideable: false,
      stickyRight: true,
      render: (c) => (
        <Tooltip title={c.recordingUrl ? 'Play recording' : 'No recording'}>
          <span>
            <IconButton
              size="small"
              aria-label={`Play recording of call ${c.seq}`}
              disabled={!c.recordingUrl}
              onClick={() => setPlaying(c)}
            >
              <PlayCircleRoundedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      {calls.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The call log could not be loaded.
        </Alert>
      )}
      <DataTable
        label="Call Log"
        testIds={{ table: 'call-log', row: 'call-log-row' }}
        rows={calls.isError ? [] : calls.data?.calls}
        columns={columns}
        getRowId={(c) => String(c.seq)}
        loading={calls.isFetching}
        emptyText={CAMPAIGN_TEXTS.emptyTable}
        columnVisibilityKey="campaigns/call-log"
        paging={{
          mode: 'server',
          page: page.page,
          pageSize: page.size,
          total: calls.data?.total ?? 0,
          pageSizeOptions: TABLE_PAGING.campaigns.options,
          onPageChange: (p) => setPage((current) => ({ ...current, page: p })),
          onPageSizeChange: (size) => setPage({ page: 0, size }),
        }}
        csv={{}}
      />
      {playing?.recordingUrl && (
        <RecordingDialog
          title={`Recording of call ${playing.callSid ?? playing.seq}`}
          recordingUrl={playing.recordingUrl}
          onClose={() => setPlaying(null)}
        />
      )}
    </>
  );
}
