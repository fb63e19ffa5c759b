import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../test/setup.ts';
import { FormProvider, useForm } from 'react-hook-form';
import { cleanTags, FormTextField, TagsField } from './index.ts';

interface Values {
  name: string;
  method: string;
  tags: string[];
}

const LIMITS = { maxTags: 2, tagMaxLength: 5 };
const Field = FormTextField<Values>;

function Form({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const form = useForm<Values>({ defaultValues: { name: '', method: 'post', tags: [] } });
  return (
    <FormProvider {...form}>
      <Field name="name" label="Name" required numeric onValueChange={onValueChange} />
      <Field
        name="method"
        label="Method"
        options={[
          { value: 'post', label: 'POST' },
          { value: 'put', label: 'PUT' },
        ]}
      />
      <TagsField<Values> name="tags" label="Tags" limits={LIMITS} />
      <button type="button" onClick={() => form.setError('name', { message: 'Required (Name)' })}>
        Check
      </button>
      <output aria-label="Values">{JSON.stringify(form.watch())}</output>
    </FormProvider>
  );
}

const values = () => JSON.parse(screen.getByLabelText('Values').textContent ?? '{}') as Values;

describe('FormTextField', () => {
  it('shows its error until typing clears it, and reports the typed value', () => {
    const onValueChange = vi.fn();
    render(<Form onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Required (Name)')).toBeTruthy();
    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.queryByText('Required (Name)')).toBeNull();
    expect(onValueChange).toHaveBeenCalledWith('12');
    expect(values().name).toBe('12');
  });

  it('is a select of its options', () => {
    render(<Form />);
    expect(screen.getByRole('combobox', { name: 'Method' }).textContent).toBe('POST');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Method' }));
    fireEvent.click(screen.getByRole('option', { name: 'PUT' }));
    expect(values().method).toBe('put');
  });
});

describe('TagsField', () => {
  it('adds a typed tag on Enter, within the limits', () => {
    render(<Form />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    for (const tag of [' alpha ', 'alpha', 'bravissimo', 'charlie']) {
      fireEvent.change(input, { target: { value: tag } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    expect(values().tags).toEqual(['alpha', 'bravi']);
  });

  it('cleans tags: trimmed, cut to length, once each, at most maxTags', () => {
    expect(cleanTags([' a ', 'a', '', 'abcdefg', 'x'], LIMITS)).toEqual(['a', 'abcde']);
  });
});
