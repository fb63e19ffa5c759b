import type { ReactNode } from 'react';
import { agentTypeLabel, TEST_SCHEDULES, type HeartbeatTest } from '@callsight/shared';
import type { DataTableColumn } from '../../../components/data-table/index.ts';
import { ScheduledTable } from '../../gsm/synthetic/components/scheduled-table.tsx';
import {
  descriptionColumn,
  idColumn,
  nextRunColumn,
  runColumns,
  scheduledActionsColumn,
} from '../../gsm/synthetic/components/columns.tsx';

interface Props {
  tests: HeartbeatTest[] | undefined;
  loading: boolean;
  /** The Timestamp filter, in the bar above the table. */
  filter: ReactNode;
  onDisable: (test: HeartbeatTest) => void;
  onRetest: (test: HeartbeatTest) => void;
  onDelete: (test: HeartbeatTest) => void;
}

/**
 * The heartbeat tests (spec 002 §2.6): Heartbeat ID, Agent Type, Agent ID, Created On, Last
 * Run, Next Schedule, Description and Actions (Disable while active, else Retest; Delete).
 */
export function TestsTable({ tests, loading, filter, onDisable, onRetest, onDelete }: Props) {
  const columns: DataTableColumn<HeartbeatTest>[] = [
    idColumn<HeartbeatTest>('heartbeatId', 'Heartbeat ID', (t) => t.heartbeatId),
    {
      field: 'agentType',
      headerName: 'Agent Type',
      minWidth: 110,
      text: (t) => agentTypeLabel(t.agentType),
    },
    {
      field: 'agentId',
      headerName: 'Agent ID',
      minWidth: 140,
      text: (t) => t.agentIds.join(', '),
    },
    ...runColumns<HeartbeatTest>(),
    nextRunColumn<HeartbeatTest>('Next Schedule', TEST_SCHEDULES),
    descriptionColumn<HeartbeatTest>(),
    scheduledActionsColumn<HeartbeatTest>({
      disable: onDisable,
      retest: onRetest,
      delete: onDelete,
    }),
  ];
  return (
    <ScheduledTable
      label="Heartbeat Tests"
      testId="heartbeat-tests"
      rows={tests}
      columns={columns}
      getRowId={(t) => t.heartbeatId}
      loading={loading}
      filter={filter}
    />
  );
}
