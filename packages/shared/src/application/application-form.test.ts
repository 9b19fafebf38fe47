import { describe, expect, it } from 'vitest';
import { applicationFormFileName, applicationFullName } from './application-form.js';

describe('application form names', () => {
  it('joins first, middle and last name with single spaces', () => {
    expect(applicationFormFileName({ firstName: 'Алишер', middleName: 'Karim', lastName: 'Gʻulom' })).toBe(
      'Алишер Karim Gʻulom Application Form.pdf',
    );
  });

  it('has no double space without a middle name (null, empty or blank)', () => {
    for (const middleName of [null, undefined, '', '  ']) {
      expect(applicationFormFileName({ firstName: 'Ali', middleName, lastName: 'Valiyev' })).toBe(
        'Ali Valiyev Application Form.pdf',
      );
    }
    expect(applicationFullName({ firstName: ' Ali ', middleName: null, lastName: 'Valiyev' })).toBe(
      'Ali Valiyev',
    );
  });
});
