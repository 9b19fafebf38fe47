import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GridText } from './grid-text';

// Issue 20 item 5: a one-word value is shown whole with its line breaks at sensible places.

/** The pieces between the <wbr>s of the rendered value, and whether it is clamped. */
function shown(value: unknown) {
  const { container } = render(<GridText value={value} />);
  const span = container.firstElementChild as HTMLElement;
  const pieces = span.innerHTML.split('<wbr>');
  return { text: span.textContent, pieces, title: span.getAttribute('title'), className: span.className };
}

describe('GridText', () => {
  it('breaks an e-mail after the @ and the dots, whole', () => {
    const email = shown('muhammad.abdulaziz@student.mail.uz');
    expect(email.text).toBe('muhammad.abdulaziz@student.mail.uz');
    expect(email.pieces).toEqual(['muhammad.', 'abdulaziz@', 'student.', 'mail.', 'uz']);
    expect(email.className).toMatch(/word/);
  });

  it('breaks a phone number between digit groups and keeps every character', () => {
    expect(shown('+998901234567').pieces).toEqual(['+998', '901', '234', '567']);
    expect(shown('+60 3-1234 5678').text).toBe('+60 3-1234 5678');
  });

  it('clamps other text to two lines with the whole text as a tooltip', () => {
    const address = shown('Amir Temur koʻchasi 108, 45-xonadon');
    expect(address.pieces).toHaveLength(1);
    expect(address.title).toBe('Amir Temur koʻchasi 108, 45-xonadon');
    expect(address.className).toMatch(/cell/);
    expect(shown(null).text).toBe('–');
  });
});
