import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { DEFAULT_RANGES, type AuditLogItem } from '@callsight/shared';
import {
  DataTable,
  NO_MATCHING_RECORDS,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useTimeRangeParam } from '../../../components/time-range-picker/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { getAllAuditLogs, useAuditLogs } from '../api/get-audit-logs.ts';
import { downloadJson } from '../download.ts';
import { HISTORY_PARAMS, rangeParams, readAuditSize, readPage, useHistoryParams } from '../url.ts';
import { timestampText } from './labels.ts';
import { RangeToolbar } from './range-toolbar.tsx';

/** A filter callback fires 100 ms after a change (spec 001 §9). */
const FILTER_DELAY_MS = 100;
export const AUDIT_LOG_FILE = 'audit-logs.json';
const LOAD_FAILED = 'An error occurred while retrieving audit logs';

const NO_ROWS: AuditLogItem[] = [];

const COLUMNS: DataTableColumn<AuditLogItem>[] = [
  {
    field: 'timestamp',
    headerName: 'Timestamp',
    nowrap: true,
    minWidth: 170,
    text: (r) => timestampText(r.timestamp),
  },
  { field: 'service', headerName: 'Service', nowrap: true, minWidth: 110, text: (r) => r.service },
  {
    field: 'id',
    headerName: 'Id',
    breakAnywhere: true,
    minWidth: 300,
    flex: 2,
    text: (r) => r.id,
  },
  {
    field: 'message',
    headerName: 'Message',
    breakAnywhere: true,
    minWidth: 240,
    flex: 2,
    text: (r) => r.message,
  },
  {
    field: 'exception',
    headerName: 'Exception',
    breakAnywhere: true,
    text: (r) => r.exception ?? '',
    render: (r) =>
      r.exception ? (
        <Typography variant="body2" color="error" sx={{ fontSize: 'inherit' }}>
          {r.exception}
        </Typography>
      ) : (
        ''
      ),
  },
];

/** A text filter that writes to the URL 100 ms after the last keystroke. */
function FilterField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ minWidth: 180 }}
    />
  );
}

interface Progress {
  loaded: number;
  total: number | null;
}

/** The Audit Logs tab (default last 1 hour): filter by service and id, 100 per page, download. */
export function AuditLogsTab() {
  const { groupId = '' } = useParams();
  const snackbar = useSnackbar();
  const [range] = useTimeRangeParam(DEFAULT_RANGES.auditLogs);
  const [params, update] = useHistoryParams();
  const service = params.get(HISTORY_PARAMS.service) ?? '';
  const id = params.get(HISTORY_PARAMS.id) ?? '';
  const page = readPage(params);
  const size = readAuditSize(params);
  const logs = useAuditLogs(groupId, { range, service, id, page, size });
  const [progress, setProgress] = useState<Progress | null>(null);

  const download = async () => {
    setProgress({ loaded: 0, total: logs.data?.total ?? null });
    try {
      const rows = await getAllAuditLogs({ range, service, id }, (loaded, total) =>
        setProgress({ loaded, total }),
      );
      downloadJson(AUDIT_LOG_FILE, rows);
    } catch (err) {
      console.error('Audit log download failed', err);
      snackbar.show(isApiError(err) ? err.message : 'The download failed. Try again.', 'error');
    } finally {
      setProgress(null);
    }
  };

  const total = logs.data?.total ?? logs.data?.data.data.length ?? 0;
  const rows = logs.isError ? NO_ROWS : logs.data?.data.data;
  // Audit rows have no id of their own: the same entity may be logged twice in one second.
  const rowIds = useMemo(
    () => new Map((rows ?? []).map((r, i) => [r, `${r.id}-${r.timestamp}-${i}`])),
    [rows],
  );
  return (
    <>
      <RangeToolbarWithFilters
        range={range}
        onRange={(r) => update(rangeParams(r))}
        service={service}
        id={id}
        onService={(v) => update({ [HISTORY_PARAMS.service]: v.trim() || null }, { replace: true })}
        onId={(v) => update({ [HISTORY_PARAMS.id]: v.trim() || null }, { replace: true })}
        downloading={progress !== null}
        canDownload={total > 0}
        onDownload={() => void download()}
      />
      {progress && (
        <Box sx={{ mb: 2 }} data-testid="audit-download-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {progress.total !== null
              ? `Downloading ${progress.loaded} of ${progress.total} rows…`
              : `Downloading… ${progress.loaded} rows`}
          </Typography>
          <LinearProgress
            variant={progress.total ? 'determinate' : 'indeterminate'}
            value={progress.total ? Math.min(100, (progress.loaded / progress.total) * 100) : 0}
          />
        </Box>
      )}
      {logs.isError && (
        <RetryAlert testId="audit-logs-error" onRetry={() => void logs.refetch()}>
          {LOAD_FAILED}
        </RetryAlert>
      )}
      <DataTable
        label="Audit Logs"
        testIds={{ table: 'audit-logs' }}
        columns={COLUMNS}
        rows={rows}
        getRowId={(r) => rowIds.get(r) ?? ''}
        loading={logs.isFetching}
        emptyText={NO_MATCHING_RECORDS}
        columnVisibilityKey="history/audit-logs"
        paging={{
          mode: 'server',
          page,
          pageSize: size,
          total,
          pageSizeOptions: TABLE_PAGING.auditLogs.options,
          onPageChange: (p) => update({ [HISTORY_PARAMS.page]: String(p) }),
          onPageSizeChange: (s) => update({ [HISTORY_PARAMS.size]: String(s) }),
        }}
      />
    </>
  );
}

interface ToolbarProps {
  range: Parameters<typeof RangeToolbar>[0]['range'];
  onRange: Parameters<typeof RangeToolbar>[0]['onRange'];
  service: string;
  id: string;
  onService: (value: string) => void;
  onId: (value: string) => void;
  downloading: boolean;
  canDownload: boolean;
  onDownload: () => void;
}

function RangeToolbarWithFilters(props: ToolbarProps) {
  return (
    <RangeToolbar
      range={props.range}
      onRange={props.onRange}
      actions={
        <Button
          variant="outlined"
          startIcon={<DownloadRoundedIcon />}
          disabled={props.downloading || !props.canDownload}
          onClick={props.onDownload}
        >
          Download
        </Button>
      }
    >
      <FilterField label="Service" value={props.service} onChange={props.onService} />
      <FilterField label="Id" value={props.id} onChange={props.onId} />
    </RangeToolbar>
  );
}
