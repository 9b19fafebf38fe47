import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing';
import { TextField } from './step-fields';
import type { TStepForm } from './step-form';
import { EntryText, type TEntryFields } from './steps/entry-step';

// Issue dates22: the wizard's calendar dates (date of birth; an experience's from and to) are
// native date inputs, drawn in the browser's locale; each reads its day back under the input
// through the one formatter, in the portal's language.

function Birthday() {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const form = {
    values,
    set: (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value })),
    setMany: () => undefined,
    valid: true,
    errors: [],
    shown: [],
    errorOf: () => undefined,
    touch: () => undefined,
  } satisfies TStepForm;
  return <TextField form={form} name="dateOfBirth" label="Date of birth" required type="date" />;
}

function From() {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const form = {
    values,
    set: (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value })),
    error: () => undefined,
    file: () => null,
  } as unknown as TEntryFields;
  return <EntryText form={form} name="from" label="From" required type="date" />;
}

const CASES = [
  { language: 'uz', day: '9-mart, 2001' },
  { language: 'ru', day: '9 марта 2001 г.' },
];

describe.each(CASES)('a wizard date reads back in $language', ({ language, day }) => {
  it.each([
    ['date of birth', Birthday, /^Date of birth/],
    ["an experience's start", From, /^From/],
  ] as const)('%s', async (_name, Field, label) => {
    await renderScreen(<Field />, { language });
    const input = (await screen.findByLabelText(label)) as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAccessibleDescription('');
    fireEvent.change(input, { target: { value: '2001-03-09' } });
    expect(input).toHaveAccessibleDescription(day);
  });
});
