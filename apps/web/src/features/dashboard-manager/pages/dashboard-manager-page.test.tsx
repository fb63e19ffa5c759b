import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  type ImportDatasets,
  type SaveDatasetMappings,
} from '@callsight/shared';
import '../../../test/setup.ts';
import {
  GROUP_ID,
  OTHER_GROUP_ID,
  jsonResponse,
  makeProfile,
  makeToken,
} from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';
import {
  GROUPS,
  LOGICAL,
  PREVIEW,
  THIRD_GROUP_ID,
  makeExecution,
  makeImport,
} from '../test/fixtures.ts';

type Handlers = Parameters<typeof mockApi>[0];

const BASE = `/${GROUP_ID}/admin/manager`;
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
const inDialog = () => {
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('No dialog is open');
  return within(dialog);
};

function open(path: string, handlers: Handlers) {
  setSession(makeToken({ claims: { permissions: ['user:super'] } }));
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile({ isSuper: true })),
    'GET /api/groups': () => jsonResponse(200, GROUPS),
    ...handlers,
  });
  renderApp(path);
  return mocked;
}

/** The status badge text of the group row named `name`. */
async function statusOf(name: string): Promise<string> {
  const row = (await screen.findAllByTestId('group-row')).find((r) =>
    r.textContent?.includes(name),
  );
  if (!row) throw new Error(`No row for ${name}`);
  return (await within(row).findByTestId('group-import-status')).textContent ?? '';
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Dashboard Manager: Groups tab', () => {
  it('shows each group’s import status badge by the spec rules, from /executions/latest', async () => {
    const { calls } = open(BASE, {
      'GET /api/canvas/v1/executions/latest': () =>
        jsonResponse(200, [
          // Acme Support: the latest custom failed, the standard succeeded → FAILED.
          makeExecution({ groupId: GROUP_ID, type: 'standard', status: 'success' }),
          makeExecution({
            groupId: GROUP_ID,
            type: 'custom',
            status: 'failed',
            createdAt: '2026-01-02T00:00:00.000Z',
          }),
          // Acme Sales: an older failure, then a success → SUCCESS.
          makeExecution({ groupId: OTHER_GROUP_ID, status: 'failed' }),
          makeExecution({
            groupId: OTHER_GROUP_ID,
            status: 'success',
            createdAt: '2026-01-03T00:00:00.000Z',
          }),
          // Acme Billing: none → NO DATA.
        ]),
    });
    expect(await statusOf('Acme Support')).toBe('FAILED');
    expect(await statusOf('Acme Sales')).toBe('SUCCESS');
    expect(await statusOf('Acme Billing')).toBe('NO DATA');
    // Every group's latest, chosen by the server: the capped list of executions is not read.
    expect(calls.some((c) => c.url.split('?')[0] === '/api/canvas/v1/executions')).toBe(false);
  });

  it('shows ERROR for every group when the executions fetch fails, and a row opens the group', async () => {
    const { calls } = open(BASE, {
      'GET /api/canvas/v1/executions/latest': () =>
        // A refusal, not a 5xx: the query client would retry a 5xx for seconds.
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'boom' } }),
    });
    await waitFor(async () => expect(await statusOf('Acme Billing')).toBe('ERROR'));
    expect(await statusOf('Acme Support')).toBe('ERROR');
    fireEvent.click(screen.getByText('Acme Billing'));
    expect(await screen.findByTestId('group-name')).toHaveProperty('textContent', 'Acme Billing');
    expect(screen.getByTestId('group-id').textContent).toBe(THIRD_GROUP_ID);
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes(`executions?groupId=${THIRD_GROUP_ID}`))).toBe(true),
    );
  });
});

describe('Dashboard Manager: import modal', () => {
  async function openModal(extra: Handlers = {}) {
    const mocked = open(`${BASE}/dashboard-imports`, {
      'GET /api/canvas/v1/upload': () => jsonResponse(200, []),
      ...extra,
    });
    expect(await screen.findByTestId('imports-empty')).toHaveProperty(
      'textContent',
      IMPORT_TEXTS.noImports,
    );
    fireEvent.click(screen.getByRole('button', { name: 'New Import' }));
    await screen.findByTestId('import-dialog');
    return mocked;
  }
  const choose = (file: File) =>
    fireEvent.change(inDialog().getByTestId('import-file'), { target: { files: [file] } });
  const createButton = () => inDialog().getByRole('button', { name: 'Create' });

  it('refuses a .txt file and a file over 50 MB with the spec texts', async () => {
    await openModal();
    expect(createButton()).toHaveProperty('disabled', true);

    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(inDialog().getByTestId('import-file-error').textContent).toBe(
      'Please select a file with one of these extensions: .zip',
    );
    expect(createButton()).toHaveProperty('disabled', true);

    const big = new File(['x'], 'big.zip', { type: 'application/zip' });
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    choose(big);
    expect(inDialog().getByTestId('import-file-error').textContent).toBe(
      `File size must be less than ${IMPORT_LIMITS.maxMb}MB`,
    );
    expect(createButton()).toHaveProperty('disabled', true);
  });

  it('uploads a .zip as multipart with the metadata JSON', async () => {
    let sent: FormData | null = null;
    const { calls } = await openModal({
      'POST /api/canvas/v1/upload': (init) => {
        sent = init?.body as FormData;
        return jsonResponse(201, makeImport({ version: 3 }));
      },
    });
    choose(new File(['PK'], 'dashboards.zip', { type: 'application/zip' }));
    expect(inDialog().queryByTestId('import-file-error')).toBeNull();
    fireEvent.change(inDialog().getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Spring release' },
    });
    fireEvent.click(inDialog().getByRole('checkbox', { name: 'Save as draft' }));
    fireEvent.click(createButton());

    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.uploaded));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    const form = sent as unknown as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(JSON.parse(String(form.get('metadata')))).toEqual({
      type: 'standard',
      description: 'Spring release',
      isDraft: true,
    });
    expect((form.get('file') as File).name).toBe('dashboards.zip');
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
  });

  it('creates from a group’s ticked dashboards, warning of mapped ones left unticked', async () => {
    let sent: unknown = null;
    await openModal({
      [`GET /api/canvas/v1/upload/${OTHER_GROUP_ID}/dashboards`]: () =>
        jsonResponse(200, {
          draftDashboards: [],
          deployedDashboards: [
            { id: 'd-1', dashboard_title: 'Agent Overview' },
            { id: 'd-2', dashboard_title: 'Queue Health' },
          ],
        }),
      [`GET /api/dashboards/${OTHER_GROUP_ID}/custom`]: () =>
        jsonResponse(200, [{ id: 'l-1', name: 'Agents', dashboardName: 'Agent Overview' }]),
      [`POST /api/canvas/v1/upload/${OTHER_GROUP_ID}/dashboards`]: (init) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(201, makeImport());
      },
    });
    fireEvent.click(inDialog().getByRole('button', { name: 'From a group' }));
    fireEvent.mouseDown(inDialog().getByRole('combobox', { name: /Group/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Sales' }));
    expect(await inDialog().findByTestId('not-exported')).toHaveProperty(
      'textContent',
      IMPORT_TEXTS.notExported,
    );
    expect(createButton()).toHaveProperty('disabled', true);
    fireEvent.click(inDialog().getByRole('checkbox', { name: 'Queue Health' }));
    expect(inDialog().getByTestId('not-exported')).toBeTruthy();
    fireEvent.click(inDialog().getByRole('checkbox', { name: 'Agent Overview' }));
    expect(inDialog().queryByTestId('not-exported')).toBeNull();
    fireEvent.click(createButton());
    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.created));
    expect(sent).toEqual({
      dashboardIds: ['d-2', 'd-1'],
      type: 'standard',
      description: '',
      isDraft: false,
    });
  });

  it('says why an upload failed', async () => {
    await openModal({
      'POST /api/canvas/v1/upload': () =>
        jsonResponse(400, { error: { code: 'VALIDATION', message: 'ZIP file is required' } }),
    });
    choose(new File(['PK'], 'dashboards.zip', { type: 'application/zip' }));
    fireEvent.click(createButton());
    await waitFor(() => expect(snackbar()).toBe('Upload failed: ZIP file is required'));
  });
});

describe('Dashboard Manager: Standard Imports and preview', () => {
  it('lists standard imports (v plus version) and previews one with its dashboards and sizes', async () => {
    const shown = makeImport({ version: 2, description: 'Second' });
    open(`${BASE}/dashboard-imports`, {
      'GET /api/canvas/v1/upload': () =>
        jsonResponse(200, [
          shown,
          makeImport({ version: 1, description: 'First' }),
          makeImport({ type: 'custom', groupId: GROUP_ID, description: 'Custom one' }),
        ]),
      [`GET /api/canvas/v1/upload/${shown.id}/preview`]: () => jsonResponse(200, PREVIEW),
    });
    const rows = await screen.findAllByTestId('import-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('v2');
    expect(screen.queryByText('Custom one')).toBeNull();

    fireEvent.click(screen.getByLabelText('Latest only'));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Preview v2' }));
    expect(await screen.findByText(IMPORT_TEXTS.previewTitle)).toBeTruthy();
    const dashboards = await inDialog().findAllByTestId('preview-dashboards-row');
    expect(dashboards.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['dash-1', 'Agent Overview', '2048'],
      ['dash-2', 'Queue Health', '512'],
    ]);
    expect(inDialog().getByTestId('preview-metadata-bytes').textContent).toContain('77');
  });
});

describe('Dashboard Manager: group detail', () => {
  const latest = makeImport({
    type: 'custom',
    groupId: GROUP_ID,
    version: 2,
    description: 'Latest',
  });
  const newer = makeImport({ type: 'custom', groupId: GROUP_ID, version: 3, description: 'Newer' });

  it('disables Publish for the version the group runs and publishes another', async () => {
    let published: unknown = null;
    open(`${BASE}/group/${GROUP_ID}/custom-imports`, {
      'GET /api/canvas/v1/executions': () =>
        jsonResponse(200, [
          makeExecution({ groupId: GROUP_ID, type: 'custom', version: 2, status: 'success' }),
          makeExecution({ groupId: GROUP_ID, type: 'standard', version: 5, status: 'success' }),
        ]),
      'GET /api/canvas/v1/upload': () => jsonResponse(200, [newer, latest]),
      'POST /api/canvas/v1/import': (init) => {
        published = JSON.parse(String(init?.body));
        return jsonResponse(201, makeExecution({ type: 'custom', version: 3 }));
      },
    });
    await waitFor(() => expect(screen.getByTestId('block-standard').textContent).toContain('v5'));
    await waitFor(() => expect(screen.getByTestId('block-custom').textContent).toContain('v2'));
    expect(screen.getByTestId('block-status').textContent).toContain('SUCCESS');

    const latestButton = await screen.findByRole('button', { name: 'Publish v2' });
    await waitFor(() => expect(latestButton).toHaveProperty('disabled', true));
    const newerButton = screen.getByRole('button', { name: 'Publish v3' });
    expect(newerButton).toHaveProperty('disabled', false);
    fireEvent.click(newerButton);
    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.published));
    expect(published).toEqual({
      groupId: GROUP_ID,
      type: 'custom',
      version: 3,
      importId: newer.id,
    });
  });

  it('shows the empty execution history', async () => {
    open(`${BASE}/group/${GROUP_ID}`, {
      'GET /api/canvas/v1/executions': () => jsonResponse(200, []),
    });
    expect(await screen.findByTestId('executions-empty')).toHaveProperty(
      'textContent',
      IMPORT_TEXTS.noExecutions,
    );
    expect(screen.getByTestId('block-status').textContent).toContain('NO DATA');
    expect(screen.getByTestId('block-standard').textContent).toContain('-');
  });

  it('Mapping: Save is disabled until one is mapped, then saves with the success text', async () => {
    const puts: { url: string; body: unknown }[] = [];
    open(`${BASE}/group/${GROUP_ID}/mappings`, {
      'GET /api/canvas/v1/executions': () => jsonResponse(200, []),
      [`GET /api/dashboards/${GROUP_ID}/custom`]: () => jsonResponse(200, LOGICAL),
      [`GET /api/canvas/v1/upload/${GROUP_ID}/dashboards`]: () =>
        jsonResponse(200, {
          draftDashboards: [],
          deployedDashboards: [
            { id: 'd-1', dashboard_title: 'Agent Overview' },
            { id: 'd-2', dashboard_title: 'Queue Health' },
          ],
        }),
      'PUT /api/dashboards/custom/logical-1': (init, url) => {
        puts.push({ url, body: JSON.parse(String(init?.body)) });
        return jsonResponse(200, { ...LOGICAL[0], dashboardName: 'Queue Health' });
      },
    });
    expect(await screen.findAllByTestId('mapping-row')).toHaveLength(2);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Dashboard for Agent view' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Queue Health' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.mappingsSaved));
    expect(puts).toEqual([
      { url: '/api/dashboards/custom/logical-1', body: { dashboardName: 'Queue Health' } },
    ]);
  });

  it('Mapping: Not mapped on a mapped row removes its mapping (sends null)', async () => {
    const puts: { url: string; body: unknown }[] = [];
    open(`${BASE}/group/${GROUP_ID}/mappings`, {
      'GET /api/canvas/v1/executions': () => jsonResponse(200, []),
      [`GET /api/dashboards/${GROUP_ID}/custom`]: () =>
        jsonResponse(200, [{ ...LOGICAL[0], dashboardName: 'Agent Overview' }, LOGICAL[1]]),
      [`GET /api/canvas/v1/upload/${GROUP_ID}/dashboards`]: () =>
        jsonResponse(200, {
          draftDashboards: [],
          deployedDashboards: [{ id: 'd-1', dashboard_title: 'Agent Overview' }],
        }),
      'PUT /api/dashboards/custom/logical-1': (init, url) => {
        puts.push({ url, body: JSON.parse(String(init?.body)) });
        return jsonResponse(200, { ...LOGICAL[0], dashboardName: null });
      },
    });
    expect(await screen.findAllByTestId('mapping-row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Dashboard for Agent view' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not mapped' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.mappingsSaved));
    expect(puts).toEqual([
      { url: '/api/dashboards/custom/logical-1', body: { dashboardName: null } },
    ]);
  });
});

describe('Dashboard Manager: drafts, previews and loading', () => {
  it('edits a draft without a new ZIP (metadata only: its version stays)', async () => {
    const draft = makeImport({ version: 4, description: 'Work in progress', isDraft: true });
    let sent: FormData | null = null;
    open(`${BASE}/dashboard-imports`, {
      'GET /api/canvas/v1/upload': () => jsonResponse(200, [draft]),
      'POST /api/canvas/v1/upload': (init) => {
        sent = init?.body as FormData;
        return jsonResponse(200, { ...draft, description: 'Ready', isDraft: false });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit v4' }));
    await screen.findByTestId('import-dialog');
    expect(inDialog().getByText('Edit Import v4')).toBeTruthy();
    expect(inDialog().getByTestId('import-file-kept').textContent).toContain(draft.source);
    const save = inDialog().getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', false);
    fireEvent.change(inDialog().getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Ready' },
    });
    fireEvent.click(inDialog().getByRole('checkbox', { name: 'Save as draft' }));
    fireEvent.click(save);
    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.uploaded));
    const form = sent as unknown as FormData;
    expect(JSON.parse(String(form.get('metadata')))).toEqual({
      type: 'standard',
      description: 'Ready',
      isDraft: false,
      importId: draft.id,
    });
    expect(form.has('file')).toBe(false);
  });

  it('disables Publish on a draft row of a group’s custom imports', async () => {
    const draft = makeImport({ type: 'custom', groupId: GROUP_ID, version: 3, isDraft: true });
    const final = makeImport({ type: 'custom', groupId: GROUP_ID, version: 2 });
    open(`${BASE}/group/${GROUP_ID}/custom-imports`, {
      'GET /api/canvas/v1/executions': () => jsonResponse(200, []),
      'GET /api/canvas/v1/upload': () => jsonResponse(200, [draft, final]),
    });
    const finalButton = await screen.findByRole('button', { name: 'Publish v2' });
    await waitFor(() => expect(finalButton).toHaveProperty('disabled', false));
    expect(screen.getByRole('button', { name: 'Publish v3' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Edit v3' })).toBeTruthy();
  });

  it('says "Failed to preview import" when an import’s preview fails', async () => {
    const shown = makeImport({ version: 2 });
    open(`${BASE}/dashboard-imports`, {
      'GET /api/canvas/v1/upload': () => jsonResponse(200, [shown]),
      [`GET /api/canvas/v1/upload/${shown.id}/preview`]: () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Import not found' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Preview v2' }));
    expect(await screen.findByTestId('preview-error')).toHaveProperty(
      'textContent',
      'Failed to preview import',
    );
  });

  it('previews a group’s deployed dashboards from the import modal ({groupId}/preview)', async () => {
    let fail = true;
    open(`${BASE}/dashboard-imports`, {
      'GET /api/canvas/v1/upload': () => jsonResponse(200, []),
      [`GET /api/canvas/v1/upload/${OTHER_GROUP_ID}/dashboards`]: () =>
        jsonResponse(200, {
          draftDashboards: [],
          deployedDashboards: [{ id: 'dash-1', dashboard_title: 'Agent Overview' }],
        }),
      [`GET /api/dashboards/${OTHER_GROUP_ID}/custom`]: () => jsonResponse(200, []),
      [`GET /api/canvas/v1/upload/${OTHER_GROUP_ID}/preview`]: () =>
        fail
          ? jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'no' } })
          : jsonResponse(200, PREVIEW),
    });
    await screen.findByTestId('imports-empty');
    fireEvent.click(screen.getByRole('button', { name: 'New Import' }));
    await screen.findByTestId('import-dialog');
    fireEvent.click(inDialog().getByRole('button', { name: 'From a group' }));
    fireEvent.mouseDown(inDialog().getByRole('combobox', { name: /Group/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Sales' }));
    await inDialog().findByRole('checkbox', { name: 'Agent Overview' });
    const previewButton = inDialog().getByRole('button', { name: 'Preview' });
    fireEvent.click(previewButton);
    expect(await screen.findByTestId('preview-error')).toHaveProperty(
      'textContent',
      'Failed to fetch preview',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('preview-error')).toBeNull());
    fail = false;
    fireEvent.click(previewButton);
    const rows = await screen.findAllByTestId('preview-dashboards-row');
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['dash-1', 'dash-2']);
  });

  it('shows 5 skeleton rows while the Mapping tab loads', async () => {
    open(`${BASE}/group/${GROUP_ID}/mappings`, {
      'GET /api/canvas/v1/executions': () => jsonResponse(200, []),
      [`GET /api/dashboards/${GROUP_ID}/custom`]: () => new Promise<Response>(() => {}),
      [`GET /api/canvas/v1/upload/${GROUP_ID}/dashboards`]: () => new Promise<Response>(() => {}),
    });
    await waitFor(() => expect(screen.getAllByTestId('mapping-skeleton-row')).toHaveLength(5));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('Dashboard Manager: Publish from Standard Imports and dataset mapping (issue 34)', () => {
  it('publishes a standard import to a group; a group already running that version is offered disabled', async () => {
    const standard = makeImport({ version: 4, description: 'Sales' });
    const draft = makeImport({ version: 5, description: 'Draft', isDraft: true });
    const published: unknown[] = [];
    open(`${BASE}/dashboard-imports`, {
      'GET /api/canvas/v1/upload': () => jsonResponse(200, [draft, standard]),
      'GET /api/canvas/v1/executions/latest': () =>
        jsonResponse(200, [
          makeExecution({ groupId: OTHER_GROUP_ID, type: 'standard', version: 4 }),
        ]),
      'POST /api/canvas/v1/import': (init) => {
        published.push(JSON.parse(String(init?.body)));
        return jsonResponse(201, makeExecution({ version: 4 }));
      },
    });
    expect(await screen.findAllByTestId('import-row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Publish v5' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Publish v4' }));
    expect(await inDialog().findByText(IMPORT_TEXTS.publishTitle(4))).toBeTruthy();
    const publish = () => inDialog().getByRole('button', { name: 'Publish' });
    expect(publish()).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(
        inDialog().getByRole('combobox', { name: 'Group' }).getAttribute('aria-disabled'),
      ).not.toBe('true'),
    );
    fireEvent.mouseDown(inDialog().getByRole('combobox', { name: 'Group' }));
    const sales = await screen.findByRole('option', { name: /Acme Sales/ });
    expect(sales.textContent).toBe(`Acme Sales (${IMPORT_TEXTS.alreadyPublished(4)})`);
    expect(sales.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('option', { name: `${IMPORT_TEXTS.allGroups} (2)` })).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: 'Acme Support' }));
    fireEvent.click(publish());
    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.published));
    expect(published).toEqual([
      { groupId: GROUP_ID, type: 'standard', version: 4, importId: standard.id },
    ]);
  });

  it('maps an import’s dataset and the columns its charts read; a refused column shows why under its select', async () => {
    const imported = makeImport({ version: 2 });
    const datasets: ImportDatasets = {
      datasets: [
        {
          uuid: 'ds-sales',
          name: 'cleaned_sales_data',
          database: 'examples',
          ours: false,
          charts: ['Total Revenue', 'Items Sold'],
          columns: [
            { name: 'order_date', type: 'TIMESTAMP', role: 'time', charts: ['Total Revenue'] },
            { name: 'sales', type: 'DOUBLE PRECISION', role: 'measure', charts: ['Total Revenue'] },
            { name: 'product_line', type: 'TEXT', role: 'dimension', charts: ['Items Sold'] },
          ],
          mapping: null,
        },
      ],
      targets: [
        {
          id: 'calls',
          title: 'Calls',
          columns: [
            { name: 'start_time', label: 'Start', type: 'time' },
            { name: 'agent', label: 'Agent', type: 'text' },
            { name: 'mos_avg', label: 'MOS', type: 'number' },
          ],
        },
        { id: 'journeys', title: 'Journeys', columns: [] },
      ],
    };
    const puts: unknown[] = [];
    open(`${BASE}/dashboard-imports`, {
      'GET /api/canvas/v1/upload': () => jsonResponse(200, [imported]),
      [`GET /api/canvas/v1/upload/${imported.id}/datasets`]: () => jsonResponse(200, datasets),
      [`PUT /api/canvas/v1/upload/${imported.id}/datasets`]: (init) => {
        const body = JSON.parse(String(init?.body)) as SaveDatasetMappings;
        puts.push(body);
        if (puts.length === 1) {
          const message = 'sales is summed or averaged by the charts: map it to a number column';
          return jsonResponse(400, {
            error: {
              code: 'VALIDATION_FAILED',
              message,
              fields: { 'mappings.0.columns.sales': message },
            },
          });
        }
        return jsonResponse(200, {
          ...datasets,
          datasets: datasets.datasets.map((d) => ({ ...d, mapping: body.mappings[0] })),
        });
      },
    });
    expect(await screen.findAllByTestId('import-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Datasets v2' }));
    expect(await inDialog().findByText(`${IMPORT_TEXTS.datasetsTitle} (v2)`)).toBeTruthy();
    const save = () => inDialog().getByRole('button', { name: 'Save' });
    expect(await inDialog().findByRole('button', { name: 'Save' })).toHaveProperty(
      'disabled',
      true,
    );
    // No columns to choose before our dataset is chosen.
    expect(inDialog().queryAllByTestId('mapping-column')).toHaveLength(0);

    const choose = async (label: string, option: string) => {
      fireEvent.mouseDown(inDialog().getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Our dataset for cleaned_sales_data', 'Calls');
    expect(await inDialog().findAllByTestId('mapping-column')).toHaveLength(3);
    // Only the columns that fit each use are offered: a time for the time, a number for a measure.
    fireEvent.mouseDown(inDialog().getByRole('combobox', { name: 'Our column for order_date' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      IMPORT_TEXTS.notMapped,
      'Start (start_time)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Start (start_time)' }));
    await choose('Our column for sales', 'MOS (mos_avg)');
    fireEvent.mouseDown(inDialog().getByRole('combobox', { name: 'Our column for product_line' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      IMPORT_TEXTS.notMapped,
      'Agent (agent)',
      'MOS (mos_avg)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Agent (agent)' }));

    fireEvent.click(save());
    await waitFor(() =>
      expect(inDialog().getByText(/sales is summed or averaged by the charts/)).toBeTruthy(),
    );
    expect(snackbar()).toContain('Failed to save the dataset mapping: ');
    fireEvent.click(save());
    await waitFor(() => expect(snackbar()).toBe(IMPORT_TEXTS.mappingSaved));
    expect(puts.at(-1)).toEqual({
      mappings: [
        {
          uuid: 'ds-sales',
          datasetId: 'calls',
          columns: { order_date: 'start_time', sales: 'mos_avg', product_line: 'agent' },
        },
      ],
    });
    await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
  });
});
