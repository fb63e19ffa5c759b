import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import '../../test/setup.ts';
import { ChoiceTiles, type Choice } from './index.ts';

const CHOICES: Choice[] = [
  { id: 'mail', label: 'E-mail', icon: <span>@</span>, description: 'Sends an e-mail' },
  {
    id: 'slack',
    label: 'Slack',
    icon: <span>#</span>,
    description: 'Posts to a channel',
    disabled: true,
    disabledText: 'Not enabled for this group',
  },
  { id: 'sms', label: 'SMS', icon: <span>!</span>, disabled: true },
];

describe('ChoiceTiles', () => {
  it('is a radio group: the chosen tile is checked and a click chooses another', () => {
    const onChange = vi.fn();
    render(
      <ChoiceTiles label="Action" choices={CHOICES} value="mail" onChange={onChange} testId="t" />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Action' });
    expect(group.getAttribute('data-testid')).toBe('t');
    const mail = within(group).getByRole('radio', { name: /E-mail/ });
    expect(mail.getAttribute('aria-checked')).toBe('true');
    expect(mail.getAttribute('data-testid')).toBe('t-mail');
    expect(mail.textContent).toContain('@');
    expect(mail.textContent).toContain('Sends an e-mail');
    fireEvent.click(mail);
    expect(onChange).toHaveBeenCalledWith('mail');
  });

  it('shows why a disabled tile cannot be chosen in place of its description', () => {
    const onChange = vi.fn();
    render(<ChoiceTiles label="Action" choices={CHOICES} value="" onChange={onChange} />);
    const slack = screen.getByRole('radio', { name: /Slack/ });
    expect(slack.getAttribute('aria-disabled')).toBe('true');
    expect(slack.textContent).toContain('Not enabled for this group');
    expect(slack.textContent).not.toContain('Posts to a channel');
    expect(slack.getAttribute('data-testid')).toBeNull();
    fireEvent.click(slack);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /SMS/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it('lays a column tile out centred with its note as a caption', () => {
    render(
      <ChoiceTiles
        label="Campaign Type"
        layout="column"
        choices={CHOICES}
        value="mail"
        onChange={() => undefined}
      />,
    );
    const slack = screen.getByRole('radio', { name: /Slack/ });
    expect(within(slack).getByText('Not enabled for this group').className).toContain(
      'MuiTypography-caption',
    );
    const mail = screen.getByRole('radio', { name: /E-mail/ });
    expect(within(mail).getByText('Sends an e-mail').className).toContain('MuiTypography-caption');
  });
});
