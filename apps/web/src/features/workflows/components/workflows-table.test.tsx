import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import '../../../test/setup.ts';
import type { Workflow } from '@callsight/shared';
import { WorkflowsTable } from './workflows-table.tsx';

function workflow(overrides: Partial<Workflow>): Workflow {
  return {
    id: 'w1',
    name: 'Bad MOS',
    description: null,
    application: 'aws-connect',
    type: 'aws-connect-mos',
    actions: [{ type: 'invoke-webhook' }],
    triggerThreshold: { threshold: 3.5 },
    tags: ['ops'],
    enabled: true,
    status: 'awaits_execution',
    family: 'group',
    systemManaged: false,
    ...overrides,
  };
}

const handlers = () => ({ onToggle: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() });

describe('WorkflowsTable', () => {
  it('shows system-managed rows without toggle, Edit or Delete', () => {
    const h = handlers();
    const rows = [
      workflow({}),
      workflow({ id: 'w2', name: 'Platform', application: 'internal', systemManaged: true }),
    ];
    render(<WorkflowsTable workflows={rows} loading={false} pendingToggles={{}} {...h} />);
    const [own, system] = screen.getAllByTestId('workflow-row');
    if (!own || !system) throw new Error('two rows expected');
    expect(within(own).getByRole('switch', { name: 'Disable Bad MOS' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Edit Bad MOS' })).toBeTruthy();
    expect(within(system).getByText('System Managed')).toBeTruthy();
    expect(within(system).queryByRole('switch')).toBeNull();
    expect(within(system).queryByRole('button')).toBeNull();
    expect(within(own).getByText('Invoke Webhook')).toBeTruthy();
    expect(within(own).getByText('Amazon Connect')).toBeTruthy();
  });

  it('shows the pending state of a toggle and asks with the new state', () => {
    const h = handlers();
    render(
      <WorkflowsTable
        workflows={[workflow({})]}
        loading={false}
        pendingToggles={{ w1: false }}
        {...h}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'Enable Bad MOS' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(h.onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'w1' }), true);
  });

  it('pages 10 rows at a time and says so when empty', () => {
    const h = handlers();
    const many = Array.from({ length: 12 }, (_, i) =>
      workflow({ id: `w${i}`, name: `Workflow ${i}` }),
    );
    const { rerender } = render(
      <WorkflowsTable workflows={many} loading={false} pendingToggles={{}} {...h} />,
    );
    expect(screen.getAllByTestId('workflow-row')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(screen.getAllByTestId('workflow-row')).toHaveLength(2);
    rerender(<WorkflowsTable workflows={[]} loading={false} pendingToggles={{}} {...h} />);
    expect(screen.getByText('Sorry, no matching records found')).toBeTruthy();
  });
});
