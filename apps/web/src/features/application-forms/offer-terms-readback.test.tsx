import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing';
import { emptyOfferDraft, OfferTermsFields, type TOfferDraft } from './offer-terms-fields';

// Issue dates22: the offer's answer-by date is a native date-time input (drawn in the browser's
// locale); the field reads it back under the input through the one formatter, in Kuala Lumpur's
// and Tashkent's time, then the hint of an empty value. No second list of zones under it.

function Terms() {
  const [draft, setDraft] = useState<TOfferDraft>(emptyOfferDraft);
  return <OfferTermsFields draft={draft} conditional={false} onChange={(change) => setDraft(change)} />;
}

/** A text as a pattern that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CASES = [
  {
    language: 'uz',
    label: /^Javob berish muddati \(Kuala-Lumpur vaqti\)/,
    text: '1-mart, 2027, 23:59 (Kuala-Lumpur vaqti) 1-mart, 2027, 20:59 (Toshkent vaqti)',
    hint: 'Boʻsh qolsa:',
  },
  {
    language: 'ru',
    label: /^Ответить до \(время Куала-Лумпура\)/,
    text: '1 марта 2027 г., 23:59 (время Куала-Лумпура) 1 марта 2027 г., 20:59 (время Ташкента)',
    hint: 'Пусто:',
  },
];

describe.each(CASES)('the answer-by date reads back in $language', (c) => {
  it('shows the typed date-time in both zones, then the hint; only the hint when empty', async () => {
    const { container } = await renderScreen(<Terms />, { language: c.language });
    const input = (await screen.findByLabelText(c.label)) as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(input).toHaveAccessibleDescription(new RegExp(`^${c.hint}`));
    fireEvent.change(input, { target: { value: '2027-03-01T23:59' } });
    expect(input).toHaveAccessibleDescription(new RegExp(`^${literal(c.text)} ${c.hint}`));
    expect(container.querySelectorAll('time')).toHaveLength(2);
    fireEvent.change(input, { target: { value: '' } });
    expect(input).toHaveAccessibleDescription(new RegExp(`^${c.hint}`));
    expect(container.querySelectorAll('time')).toHaveLength(0);
  });
});
