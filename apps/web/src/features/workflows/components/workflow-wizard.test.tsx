import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import type { Watcher } from '@callsight/shared';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { GROUP_ID, jsonResponse, makeToken } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { makeCatalogue } from '../test/catalogue.ts';
import { WorkflowWizard } from './workflow-wizard.tsx';

const WATCHERS = `/api/groups/${GROUP_ID}/watchers`;

function savedWatcher(): Watcher {
  const at = new Date().toISOString();
  return {
    _id: 'w1',
    family: 'group',
    systemManaged: false,
    _source: {
      status: { state: { active: true }, execution_state: 'awaits_execution' },
      metadata: {
        application: 'aws-connect',
        trigger: 'aws-connect-mos',
        actions: [{ type: 'invoke-webhook' }],
        name: 'Bad MOS',
        workflowName: 'Bad MOS',
        description: null,
        className: null,
        triggerThreshold: { threshold: 3.5 },
        tags: [],
      },
      createdAt: at,
      updatedAt: at,
      lastFiredAt: null,
    },
  };
}

function renderWizard(permission: 'user:admin' | 'user:viewer' = 'user:admin') {
  setSession(makeToken({ claims: { permissions: [permission] } }));
  const onClose = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <WorkflowWizard groupId={GROUP_ID} editing={null} onClose={onClose} />
    </Providers>,
  );
  return { onClose };
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const snackbarText = () => screen.getByTestId('snackbar').textContent;
const tile = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  mockApi({
    'GET /api/workflows/catalogue': () =>
      jsonResponse(200, makeCatalogue({ disabledApplications: ['cisco'] })),
    'GET /api/workflows/event-sources': () => jsonResponse(200, []),
    [`PUT ${WATCHERS}`]: () => jsonResponse(201, savedWatcher()),
  });
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('WorkflowWizard', () => {
  it('moves on only when a step validates, with the spec texts', async () => {
    renderWizard();
    expect(screen.getByRole('dialog', { name: 'Create New Workflow' })).toBeTruthy();
    await screen.findByRole('radiogroup', { name: 'Application' });
    expect(tile('Cisco Webex Contact Center').getAttribute('aria-disabled')).toBe('true');

    next();
    expect(snackbarText()).toBe('Please select an Application');
    fireEvent.click(tile('Amazon Connect'));
    next();
    await screen.findByRole('radiogroup', { name: 'Trigger' });
    next();
    expect(snackbarText()).toBe('Please select a Trigger');
    fireEvent.click(tile('MOS'));
    next();
    await screen.findByRole('radiogroup', { name: 'Action' });
    next();
    expect(snackbarText()).toBe('Please select an Action');
  });

  it('names the e-mail action fields by their labels, and drops the stale step text', async () => {
    renderWizard();
    fireEvent.click(await screen.findByRole('radio', { name: /^Amazon Connect/ }));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /^MOS/ }));
    next();
    await screen.findByRole('radiogroup', { name: 'Action' });
    next();
    expect(snackbarText()).toBe('Please select an Action');
    fireEvent.click(tile('Send Email'));
    next();

    // Configure: the Action step's text no longer applies and leaves the screen.
    const to = await screen.findByRole('textbox', { name: /^To Email/ });
    await waitFor(() => expect(screen.queryByTestId('snackbar')).toBeNull());
    next();
    const helper = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(helper(to)).toBe('Required (To Email)'));
    expect(helper(screen.getByRole('textbox', { name: /^Subject/ }))).toBe('Required (Subject)');
    expect(helper(screen.getByRole('textbox', { name: /^Body/ }))).toBe('Required (Body)');
    expect(screen.queryByText(/Required \((toEmail|subject|body)\)/)).toBeNull();
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('limits the actions by trigger and loads event sources only on reaching step 3', async () => {
    const { fetchMock } = mockApi({
      'GET /api/workflows/catalogue': () => jsonResponse(200, makeCatalogue()),
      'GET /api/workflows/event-sources': () => jsonResponse(200, []),
    });
    renderWizard();
    fireEvent.click(await screen.findByRole('radio', { name: /^Amazon Connect/ }));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /^EventBridge Summary Data/ }));
    next();
    const actions = await screen.findByRole('radiogroup', { name: 'Action' });
    expect(
      within(actions)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Amazon Eventbridge']);
    const loaded = () =>
      fetchMock.mock.calls.some(([url]) => String(url).includes('/workflows/event-sources'));
    fireEvent.click(tile('Amazon Eventbridge'));
    expect(loaded()).toBe(false);
    next();
    expect(await screen.findByText('No event sources configured')).toBeTruthy();
    expect(loaded()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(tile('Heartbeat Telephony'));
    next();
    const four = await screen.findByRole('radiogroup', { name: 'Action' });
    expect(
      within(four)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Send Email', 'Invoke Webhook', 'Slack', 'Amazon Eventbridge']);
  });

  it('hides heartbeat telephony from users without admin or super', async () => {
    renderWizard('user:viewer');
    fireEvent.click(await screen.findByRole('radio', { name: /^Amazon Connect/ }));
    next();
    await screen.findByRole('radiogroup', { name: 'Trigger' });
    expect(screen.queryByRole('radio', { name: /^Heartbeat Telephony/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /^Agent Issue Reported/ })).toBeTruthy();
  });

  it('checks the webhook, adds tags with Enter and creates the workflow', async () => {
    const api = mockApi({
      'GET /api/workflows/catalogue': () => jsonResponse(200, makeCatalogue()),
      [`PUT ${WATCHERS}`]: () => jsonResponse(201, savedWatcher()),
    });
    const { onClose } = renderWizard();
    fireEvent.click(await screen.findByRole('radio', { name: /^Amazon Connect/ }));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /^MOS/ }));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /^Invoke Webhook/ }));
    next();

    const threshold = await screen.findByRole('textbox', { name: /MOS at or below/ });
    expect((threshold as HTMLInputElement).value).toBe('3.5');
    fireEvent.change(threshold, { target: { value: 'low' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Headers/ }), {
      target: { value: '{"a":' },
    });
    next();
    expect(await screen.findByText('Invalid number')).toBeTruthy();
    expect(screen.getByText('Invalid JSON')).toBeTruthy();
    expect(screen.getByText('Required (URL)')).toBeTruthy();
    expect(screen.getByText('Required (Body)')).toBeTruthy();

    fireEvent.change(threshold, { target: { value: '3' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Headers/ }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^URL/ }), {
      target: { value: 'http://127.0.0.1:9/hook' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Body/ }), {
      target: { value: '{"id":"{{contactId}}"}' },
    });
    next();

    const tags = await screen.findByRole('textbox', { name: 'Tags' });
    fireEvent.change(tags, { target: { value: 'ops' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(within(screen.getByTestId('workflow-tags')).getByText('ops')).toBeTruthy();
    expect((tags as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a Workflow Name')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /^Workflow Name/ }), {
      target: { value: 'Bad MOS' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(snackbarText()).toBe('Workflow created successfully.');
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      workflowId: '-1',
      application: 'aws-connect',
      trigger: 'aws-connect-mos',
      workflowName: 'Bad MOS',
      tags: ['ops'],
      triggerThreshold: { threshold: 3, scope: 'second' },
      actions: [{ type: 'invoke-webhook', url: 'http://127.0.0.1:9/hook', headers: {} }],
    });
  });

  it('shows the save error text and the server field error on its step', async () => {
    mockApi({
      'GET /api/workflows/catalogue': () => jsonResponse(200, makeCatalogue()),
      [`PUT ${WATCHERS}`]: () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION',
            message: 'Invalid',
            fields: { 'actions.0.url': 'This address is not allowed' },
          },
        }),
    });
    const { onClose } = renderWizard();
    fireEvent.click(await screen.findByRole('radio', { name: /^Amazon Connect/ }));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /^MOS/ }));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /^Slack/ }));
    next();
    fireEvent.change(await screen.findByRole('textbox', { name: /Incoming Webhook URL/ }), {
      target: { value: 'https://hooks.example.test/x' },
    });
    next();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Workflow Name/ }), {
      target: { value: 'Slack it' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This address is not allowed')).toBeTruthy();
    expect(snackbarText()).toBe('An error occurred while creating the workflow');
    expect(onClose).not.toHaveBeenCalled();
  });
});
