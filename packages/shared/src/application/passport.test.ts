import { describe, expect, it } from 'vitest';
import { joinPassport, normalizePassport } from './passport.js';

describe('normalizePassport', () => {
  it('uppercases the first two characters as the series and keeps only the digits of the rest', () => {
    expect(normalizePassport('ab 123-45 67')).toEqual({ passportSeries: 'AB', passportNumber: '1234567' });
  });
  it('strips letters after the series too', () => {
    expect(normalizePassport('aa12b34')).toEqual({ passportSeries: 'AA', passportNumber: '1234' });
  });
  it('ignores surrounding spaces', () => {
    expect(normalizePassport('  kc7654321 ')).toEqual({ passportSeries: 'KC', passportNumber: '7654321' });
  });
  it('gives empty parts for empty input', () => {
    expect(normalizePassport('')).toEqual({ passportSeries: '', passportNumber: '' });
  });
});

describe('joinPassport', () => {
  it('joins series then number for display', () => {
    expect(joinPassport({ passportSeries: 'AB', passportNumber: '1234567' })).toBe('AB1234567');
  });
  it('round-trips a normalised passport', () => {
    expect(joinPassport(normalizePassport('fa 1234567'))).toBe('FA1234567');
  });
  it('shows missing parts as empty', () => {
    expect(joinPassport({ passportSeries: null, passportNumber: '123' })).toBe('123');
  });
});
