import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { nextRunText } from '@callsight/shared';
import type { DataTableColumn } from '../../../../components/data-table/index.ts';
import { dateText, scheduleText } from '../format.ts';
import { RowActions } from './row-actions.tsx';

/** What a monitor and a heartbeat test share: their schedule and its state. */
export interface Scheduled {
  createdOn: string;
  lastRun: string | null;
  nextRun: string | null;
  active: boolean;
  schedule: number;
  description: string;
}

/** An id: monospace, one line, copied by a click. */
export function idColumn<Row>(
  field: string,
  headerName: string,
  text: (row: Row) => string,
): DataTableColumn<Row> {
  return { field, headerName, mono: true, nowrap: true, copy: true, minWidth: 140, text };
}

/** A time as DD-MM-YYYY HH:mm:ss; sortable ones sort by the instant, missing times last. */
export function timeColumn<Row>(
  field: string,
  headerName: string,
  iso: (row: Row) => string | null,
  sortable = false,
): DataTableColumn<Row> {
  return {
    field,
    headerName,
    nowrap: true,
    minWidth: 165,
    sortable,
    sortValue: (row) => {
      const value = iso(row);
      return value ? Date.parse(value) : null;
    },
    text: (row) => dateText(iso(row)),
  };
}

export function descriptionColumn<Row extends { description: string }>(): DataTableColumn<Row> {
  return {
    field: 'description',
    headerName: 'Description',
    minWidth: 160,
    flex: 2,
    text: (row) => row.description,
  };
}

/** The row's buttons, always shown, at the right edge. */
export function actionsColumn<Row>(
  width: number,
  render: (row: Row) => ReactNode,
): DataTableColumn<Row> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width,
    hideable: false,
    stickyRight: true,
    render,
  };
}

/** Created On and Last Run, newest first. */
export function runColumns<Row extends Scheduled>(): DataTableColumn<Row>[] {
  return [
    timeColumn<Row>('createdOn', 'Created On', (row) => row.createdOn, true),
    timeColumn<Row>('lastRun', 'Last Run', (row) => row.lastRun, true),
  ];
}

/**
 * The next run (spec 002 §2.1): its time, 'Not scheduled', or 'Disabled'; with `schedules`,
 * the schedule's label under it (§4: tests show their schedule).
 */
export function nextRunColumn<Row extends Scheduled>(
  headerName: string,
  schedules?: readonly { value: number; label: string }[],
): DataTableColumn<Row> {
  const text = (row: Row) => nextRunText(row, dateText);
  return {
    field: 'nextRun',
    headerName,
    minWidth: 165,
    text,
    render: schedules
      ? (row) => (
          <Box>
            <Typography variant="body2" sx={{ fontSize: 'inherit' }}>
              {text(row)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {scheduleText(row.schedule, schedules)}
            </Typography>
          </Box>
        )
      : undefined,
  };
}

/** Actions of a monitor or test: Disable while active, else Retest (when offered), and Delete. */
export function scheduledActionsColumn<Row extends Scheduled>(on: {
  disable: (row: Row) => void;
  retest?: (row: Row) => void;
  delete: (row: Row) => void;
}): DataTableColumn<Row> {
  const { retest } = on;
  return actionsColumn<Row>(160, (row) => (
    <RowActions
      name={row.description}
      onDisable={row.active ? () => on.disable(row) : undefined}
      onRetest={!row.active && retest ? () => retest(row) : undefined}
      onDelete={() => on.delete(row)}
    />
  ));
}
