import type {
  DashboardImport,
  Group,
  ImportExecution,
  ImportPreview,
  LogicalDashboard,
} from '@callsight/shared';
import { GROUP_ID, OTHER_GROUP_ID } from '../../../test/factories.ts';

export const THIRD_GROUP_ID = '33333333-3333-4333-8333-333333333333';

export function makeGroup(id: string, name: string): Group {
  return {
    id,
    name,
    customerID: '44444444-4444-4444-8444-444444444444',
    customerName: 'Acme',
    region: 'ap-southeast-2',
    status: 'active',
    ccaasProvider: 'AWS',
    heartbeatEnabled: false,
  };
}

export const GROUPS: Group[] = [
  makeGroup(GROUP_ID, 'Acme Support'),
  makeGroup(OTHER_GROUP_ID, 'Acme Sales'),
  makeGroup(THIRD_GROUP_ID, 'Acme Billing'),
];

let seq = 0;
export function makeExecution(overrides: Partial<ImportExecution> = {}): ImportExecution {
  seq += 1;
  return {
    id: `exec-${seq}`,
    groupId: GROUP_ID,
    importId: null,
    type: 'standard',
    status: 'success',
    version: 1,
    reason: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    completedAt: '2026-01-01T10:05:00.000Z',
    updatedAt: '2026-01-01T10:05:00.000Z',
    ...overrides,
  };
}

export function makeImport(overrides: Partial<DashboardImport> = {}): DashboardImport {
  seq += 1;
  return {
    id: `5a5a5a5a-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type: 'standard',
    version: 1,
    groupId: null,
    description: 'Quarterly dashboards',
    isDraft: false,
    createdAt: '2026-01-01T09:00:00.000Z',
    source: 'dashboards.zip',
    ...overrides,
  };
}

export const PREVIEW: ImportPreview = {
  dashboards: [
    { id: 'dash-1', name: 'Agent Overview', size: 2048, uuid: 'u-1', files: [] },
    { id: 'dash-2', name: 'Queue Health', size: 512, uuid: 'u-2', files: [] },
  ],
  charts: [{ name: 'Calls per hour', size: 300, vizType: 'line', dataset: 'calls' }],
  databases: [{ name: 'warehouse', size: 120 }],
  datasets: [{ name: 'calls', size: 220, database: 'warehouse' }],
  metadata_bytes: 77,
};

export const LOGICAL: LogicalDashboard[] = [
  { id: 'logical-1', name: 'Agent view', dashboardName: null },
  { id: 'logical-2', name: 'Queue view', dashboardName: null },
];
