import { fireEvent, screen } from '@testing-library/react';
import { UNIVERSITY_TIME_ZONE } from '@uniapply/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing';
import { CrudField } from '../crud/crud-field';
import type { TFormField } from '../crud/define';

// Issue dates22: a native date or date-time input is drawn in the browser's own locale (mm/dd/yyyy,
// 12-hour in an English Chromium) whatever the portal's language, so every such field reads its
// value back under the input through the one formatter, in the user's language: a date-time in the
// field's zone and in Tashkent's, a date as itself. Nothing while it is empty or incomplete.

function Field({ field, initial }: { field: TFormField; initial?: string }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <CrudField field={field} value={value} onChange={setValue} onBlur={() => undefined} required={false} />
  );
}

const deadline: TFormField = { name: 'applicationDeadline', kind: 'instant', timeZone: UNIVERSITY_TIME_ZONE };
const startDate: TFormField = { name: 'startDate', kind: 'date' };

const CASES = [
  {
    language: 'uz',
    label: /^Ariza topshirish muddati \(Kuala-Lumpur vaqti\)/,
    instant: '31-may, 2027, 23:59 (Kuala-Lumpur vaqti) 31-may, 2027, 20:59 (Toshkent vaqti)',
    dateLabel: /^Oʻqish boshlanishi/,
    date: '6-sentyabr, 2027',
  },
  {
    language: 'ru',
    label: /^Срок приёма заявок \(время Куала-Лумпура\)/,
    instant: '31 мая 2027 г., 23:59 (время Куала-Лумпура) 31 мая 2027 г., 20:59 (время Ташкента)',
    dateLabel: /^Начало обучения/,
    date: '6 сентября 2027 г.',
  },
];

describe.each(CASES)('a date field reads its value back in $language', (c) => {
  it('a date-time: in the field’s zone and Tashkent’s, live as it is typed; nothing when emptied', async () => {
    await renderScreen(<Field field={deadline} />, { language: c.language });
    const input = screen.getByLabelText(c.label) as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(input).toHaveAccessibleDescription('');
    fireEvent.change(input, { target: { value: '2027-05-31T23:59' } });
    expect(input).toHaveAccessibleDescription(c.instant);
    fireEvent.change(input, { target: { value: '' } });
    expect(input).toHaveAccessibleDescription('');
  });

  it('a saved date-time is read back as soon as the form opens', async () => {
    await renderScreen(<Field field={deadline} initial="2027-05-31T15:59:00.000Z" />, {
      language: c.language,
    });
    const input = screen.getByLabelText(c.label) as HTMLInputElement;
    expect(input).toHaveValue('2027-05-31T23:59');
    expect(input).toHaveAccessibleDescription(c.instant);
  });

  it('a calendar date: the day itself, in the language', async () => {
    await renderScreen(<Field field={startDate} />, { language: c.language });
    const input = screen.getByLabelText(c.dateLabel) as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'date');
    fireEvent.change(input, { target: { value: '2027-09-06' } });
    expect(input).toHaveAccessibleDescription(c.date);
  });
});

it('a date-time field in Tashkent’s own zone reads back once', async () => {
  const field: TFormField = { name: 'applicationDeadline', kind: 'instant', timeZone: 'Asia/Tashkent' };
  await renderScreen(<Field field={field} />, { language: 'uz' });
  const input = screen.getByLabelText(/^Ariza topshirish muddati \(Toshkent vaqti\)/) as HTMLInputElement;
  fireEvent.change(input, { target: { value: '2027-05-31T23:59' } });
  expect(input).toHaveAccessibleDescription('31-may, 2027, 23:59 (Toshkent vaqti)');
});
