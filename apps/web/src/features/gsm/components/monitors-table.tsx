import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import { MONITOR_SCHEDULES, SYNTHETIC_TEXTS, type Monitor } from '@callsight/shared';
import type { DataTableColumn } from '../../../components/data-table/index.ts';
import { ScheduledTable } from '../synthetic/components/scheduled-table.tsx';
import { scheduleText } from '../synthetic/format.ts';
import {
  descriptionColumn,
  idColumn,
  nextRunColumn,
  runColumns,
  scheduledActionsColumn,
} from '../synthetic/components/columns.tsx';
import { GSM_SCREEN_TEXTS as T } from '../texts.ts';

interface Props {
  monitors: Monitor[] | undefined;
  loading: boolean;
  /** The Timestamp filter, in the bar above the table. */
  filter: ReactNode;
  /** Buttons of the bar (Refresh). */
  actions: ReactNode;
  onDisable: (monitor: Monitor) => void;
  onDelete: (monitor: Monitor) => void;
}

const activeText = (m: Monitor) => (m.active ? T.active : SYNTHETIC_TEXTS.disabled);

/**
 * The monitors (spec 002 §2.1): monitorId, regions, createdOn, lastRun, nextRun, active,
 * description and schedule, newest first, 10 a page; Disable while active, and Delete.
 */
export function MonitorsTable({ monitors, loading, filter, actions, onDisable, onDelete }: Props) {
  const columns: DataTableColumn<Monitor>[] = [
    idColumn<Monitor>('monitorId', 'Monitor ID', (m) => m.monitorId),
    {
      field: 'connectRegions',
      headerName: 'Connect Regions',
      minWidth: 150,
      text: (m) => m.connectRegions.join(', '),
    },
    {
      field: 'agentRegions',
      headerName: 'Agent Regions',
      minWidth: 150,
      text: (m) => m.agentRegions.join(', '),
    },
    ...runColumns<Monitor>(),
    nextRunColumn<Monitor>('Next Run'),
    {
      field: 'active',
      headerName: 'Active',
      minWidth: 100,
      text: activeText,
      render: (m) => (
        <Chip
          size="small"
          variant="outlined"
          color={m.active ? 'success' : 'default'}
          label={activeText(m)}
        />
      ),
    },
    descriptionColumn<Monitor>(),
    {
      field: 'schedule',
      headerName: 'Schedule',
      minWidth: 110,
      text: (m) => scheduleText(m.schedule, MONITOR_SCHEDULES),
    },
    scheduledActionsColumn<Monitor>({ disable: onDisable, delete: onDelete }),
  ];
  return (
    <ScheduledTable
      label="Monitors"
      testId="monitors-table"
      rows={monitors}
      columns={columns}
      getRowId={(m) => m.monitorId}
      loading={loading}
      filter={filter}
      actions={actions}
    />
  );
}
