import { describe, expect, it } from 'vitest';
import { applicationFormFileName } from './file-name.js';

describe('applicationFormFileName', () => {
  it('joins first, middle and last name before "Application Form.pdf"', () => {
    expect(applicationFormFileName({ firstName: 'Ali', middleName: 'Vali', lastName: 'Karimov' })).toBe(
      'Ali Vali Karimov Application Form.pdf',
    );
  });
  it('leaves no double space without a middle name (null, empty or blank)', () => {
    for (const middleName of [null, undefined, '', '  '])
      expect(applicationFormFileName({ firstName: 'Ali', middleName, lastName: 'Karimov' })).toBe(
        'Ali Karimov Application Form.pdf',
      );
  });
  it('keeps Cyrillic and Uzbek Latin names exactly', () => {
    expect(applicationFormFileName({ firstName: 'Гʻулом', middleName: 'Oʻtkir', lastName: 'Иванов' })).toBe(
      'Гʻулом Oʻtkir Иванов Application Form.pdf',
    );
  });
});
