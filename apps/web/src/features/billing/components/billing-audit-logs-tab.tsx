import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { BILLING_TEXTS, type BillingAuditLog } from '@callsight/shared';
import {
  DataTable,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { useBillingAuditLogs } from '../api/get-billing-audit-logs.ts';
import { dateText } from './billing-columns.ts';

const PAGE_SIZE = TABLE_PAGING.default.size;
const PAGE_PARAM = 'page';
const NO_ROWS: BillingAuditLog[] = [];

/** The page in the URL (0-based); anything else is the first. */
function readPage(params: URLSearchParams): number {
  const page = Number(params.get(PAGE_PARAM));
  return Number.isInteger(page) && page > 0 ? page : 0;
}

/** The billing data in one line: its top-level values, objects and lists shortened. */
export function billingDataSummary(data: Record<string, unknown>): string {
  const parts = Object.entries(data).map(([key, value]) => {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      return `${key}: ${String(value)}`;
    if (Array.isArray(value)) return `${key}: [${value.length}]`;
    return `${key}: {…}`;
  });
  return parts.length ? parts.join(', ') : '-';
}

const COLUMNS: DataTableColumn<BillingAuditLog>[] = [
  { field: 'provider', headerName: 'Provider', minWidth: 100, text: (r) => r.provider },
  {
    field: 'customerID',
    headerName: 'Customer ID',
    minWidth: 140,
    breakAnywhere: true,
    mono: true,
    text: (r) => r.customerID,
  },
  {
    field: 'customerName',
    headerName: 'Customer Name',
    minWidth: 140,
    text: (r) => r.customerName,
  },
  {
    field: 'groupID',
    headerName: 'Group ID',
    minWidth: 140,
    breakAnywhere: true,
    mono: true,
    text: (r) => r.groupID ?? '-',
  },
  { field: 'groupName', headerName: 'Group Name', minWidth: 140, text: (r) => r.groupName ?? '-' },
  {
    field: 'sentAt',
    headerName: 'Sent At',
    width: 170,
    nowrap: true,
    text: (r) => dateText(r.sentAt),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    text: (r) => r.status,
    render: (r) => (
      <Chip
        size="small"
        label={r.status}
        color={r.status === 'success' ? 'success' : 'error'}
        variant="outlined"
        data-testid="billing-audit-status"
      />
    ),
  },
  {
    field: 'billingData',
    headerName: 'Billing Data',
    minWidth: 220,
    flex: 2,
    nowrap: true,
    text: (r) => billingDataSummary(r.billingData),
  },
];

function BillingDataDetail({ log }: { log: BillingAuditLog }) {
  return (
    <Box
      component="pre"
      data-testid="billing-data-json"
      sx={{ m: 0, fontSize: '0.75rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {JSON.stringify(log.billingData, null, 2)}
    </Box>
  );
}

/** Billing Audit Logs ({base}/billingauditlogs): every send to a marketplace, paged by the server. */
export function BillingAuditLogsTab() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const logs = useBillingAuditLogs(page, PAGE_SIZE);
  const setPage = (next: number) =>
    setParams((prev) => {
      const updated = new URLSearchParams(prev);
      if (next > 0) updated.set(PAGE_PARAM, String(next));
      else updated.delete(PAGE_PARAM);
      return updated;
    });

  return (
    <Box data-testid="billing-audit-logs-tab">
      {logs.isError && (
        <RetryAlert testId="billing-audit-logs-error" onRetry={() => void logs.refetch()}>
          {BILLING_TEXTS.auditLogsError}
        </RetryAlert>
      )}
      <DataTable
        label="Billing Audit Logs"
        testIds={{
          table: 'billing-audit-logs',
          row: 'billing-audit-row',
          empty: 'billing-audit-empty',
        }}
        columns={COLUMNS}
        rows={logs.isError ? NO_ROWS : logs.data?.logs}
        getRowId={(r) => r.id}
        loading={logs.isFetching}
        emptyText={logs.isError ? '' : BILLING_TEXTS.noAuditLogs}
        renderDetail={(r) => <BillingDataDetail log={r} />}
        paging={{
          mode: 'server',
          page,
          pageSize: PAGE_SIZE,
          total: logs.data?.total ?? 0,
          pageSizeOptions: TABLE_PAGING.default.options,
          onPageChange: setPage,
        }}
      />
    </Box>
  );
}
