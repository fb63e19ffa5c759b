import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import type { ConfigFieldView, ConfigFormValues } from '@callsight/shared';
import '../../../test/setup.ts';
import { ConfigField, writersOf } from './config-field.tsx';

const ADMIN_SUPER = ['user:admin', 'user:super'] as const;

const field = (over: Partial<ConfigFieldView> & Pick<ConfigFieldView, 'key'>): ConfigFieldView => ({
  type: 'string',
  control: 'text',
  title: over.key,
  default: '',
  readRoles: ['user:viewer', 'user:admin', 'user:super'],
  writeRoles: [...ADMIN_SUPER],
  isSet: true,
  writable: true,
  ...over,
});

function Form({ values, children }: { values: ConfigFormValues; children: ReactNode }) {
  const form = useForm<ConfigFormValues>({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

function renderFields(fields: ConfigFieldView[]) {
  const values = Object.fromEntries(fields.map((f) => [f.key, f.value ?? f.default]));
  render(
    <Form values={values}>
      {fields.map((f) => (
        <ConfigField key={f.key} field={f} />
      ))}
    </Form>,
  );
}

describe('read-only settings (issue 33)', () => {
  it('names who may change a field', () => {
    expect(writersOf(['user:super'])).toBe('a super user');
    expect(writersOf([...ADMIN_SUPER])).toBe('a Group Admin or a super user');
    expect(writersOf(['user:viewer', 'user:admin', 'user:super'])).toBe(
      'a Group Viewer, a Group Admin or a super user',
    );
    expect(writersOf([])).toBeNull();
  });

  it('shows a field the caller may not change as read-only, saying who may', () => {
    const superOnly = { writeRoles: ['user:super' as const], writable: false };
    renderFields([
      field({ key: 'API_SERVER', title: 'API server', value: 'https://api.example', ...superOnly }),
      field({
        key: 'TYPE',
        title: 'Softphone type',
        control: 'select',
        value: 'AUTO',
        options: [{ value: 'AUTO', label: 'AUTO' }],
        ...superOnly,
      }),
      field({
        key: 'NEXT',
        title: 'Next messenger',
        type: 'boolean',
        control: 'toggle',
        value: false,
        ...superOnly,
      }),
      field({ key: 'VERSIONS', title: 'Versions', value: 'v1', writeRoles: [], writable: false }),
      field({ key: 'STATUS', title: 'Test agent status', value: 'Agent Test' }),
    ]);
    const cue = 'Read-only: only a super user can change this.';
    const api = screen.getByTestId('field-API_SERVER');
    expect(within(api).getByRole('textbox').hasAttribute('readonly')).toBe(true);
    expect(api.textContent).toContain(cue);
    const type = screen.getByTestId('field-TYPE');
    expect(within(type).getByRole('combobox').getAttribute('aria-readonly')).toBe('true');
    expect(type.textContent).toContain(cue);
    expect(screen.getByTestId('field-NEXT').textContent).toContain(cue);
    expect(screen.getByRole('switch', { name: 'Next messenger' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('field-VERSIONS').textContent).toContain('Read-only.');

    const status = screen.getByTestId('field-STATUS');
    expect(within(status).getByRole('textbox').hasAttribute('readonly')).toBe(false);
    expect(within(status).queryByTestId('read-only-cue')).toBeNull();
  });
});
