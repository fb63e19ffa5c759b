import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { tagStatusCells } from '@callsight/shared';
import '../../../../test/setup.ts';
import { TagChips } from './tag-chips.tsx';

const configs = [
  {
    name: 'Audio latency',
    field: 'audioLatency',
    conditions: [
      { name: 'High audio latency', operator: '>', threshold: 300 },
      { name: 'Very High audio latency', operator: '>', threshold: 600 },
    ],
  },
  {
    name: 'CPU',
    field: 'cpu',
    conditions: [{ name: 'Very High CPU usage', operator: '>', threshold: 90 }],
  },
  {
    name: 'Browser',
    field: 'unsupportedBrowser',
    conditions: [{ name: 'Unsupported browser', operator: '>', threshold: 0 }],
  },
  {
    name: 'Softphone',
    field: 'softphoneError',
    conditions: [{ name: 'Softphone error', operator: '>', threshold: 0 }],
  },
];

const chips = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByText(/.+/)
    .map((el) => el.textContent);

/** Status tags (spec 002 §9): 'Very' red, others yellow; Good, or Normal for latency, by default. */
describe('TagChips', () => {
  it('shows Good without tags, and each tag coloured by its severity', () => {
    render(<TagChips tags={[]} label="none" />);
    expect(chips('none')).toEqual(['Good']);
    render(<TagChips tags={['Very High CPU usage', 'Unsupported browser']} label="some" />);
    const some = screen.getByLabelText('some');
    expect(
      within(some).getByText('Very High CPU usage').closest('.MuiChip-root')?.className,
    ).toMatch(/colorError/);
    expect(
      within(some).getByText('Unsupported browser').closest('.MuiChip-root')?.className,
    ).toMatch(/colorWarning/);
  });

  it('with the status per config: each config its tag, or Good, and Normal for latency', () => {
    const cells = tagStatusCells(configs, ['Very High CPU usage', 'Softphone error']);
    render(
      <TagChips tags={['Very High CPU usage', 'Softphone error']} cells={cells} label="cells" />,
    );
    expect(chips('cells')).toEqual([
      'Audio latency: Normal',
      'CPU: Very High CPU usage',
      'Browser: Good',
      'Softphone: Softphone error',
    ]);
    const cell = (text: string) =>
      within(screen.getByLabelText('cells')).getByText(text).closest('.MuiChip-root')?.className;
    expect(cell('CPU: Very High CPU usage')).toMatch(/colorError/);
    expect(cell('Softphone: Softphone error')).toMatch(/colorWarning/);
    expect(cell('Audio latency: Normal')).toMatch(/colorSuccess/);
  });
});
