import { describe, expect, it } from 'vitest';
import { calendarDayIn } from '../format.js';
import {
  convertPrice,
  findRate,
  READER_CURRENCIES,
  type TRateRow,
  ZExchangeRateInput,
} from './exchange-rate.js';

// Issue 20 item 1: prices people can compare. A price converts with the latest rate on or before
// today linking its currency to the reader's, directly or through the inverse pair.

const MYR = 0;
const UZS = 2;
const USD = 3;
const SGD = 1;

const rates: TRateRow[] = [
  { id: 1, fromCurrency: USD, toCurrency: UZS, rate: '12800', date: '2026-11-01' },
  { id: 2, fromCurrency: USD, toCurrency: UZS, rate: '12900.5', date: '2026-11-20' },
  // Dated after "today": not used yet.
  { id: 3, fromCurrency: USD, toCurrency: UZS, rate: '99999', date: '2026-12-01' },
  { id: 4, fromCurrency: MYR, toCurrency: UZS, rate: '2750.25', date: '2026-11-15' },
  { id: 5, fromCurrency: USD, toCurrency: MYR, rate: '4.4667', date: '2026-11-10' },
];
const today = '2026-11-27';

describe('findRate', () => {
  it('takes the latest rate on or before today', () => {
    expect(findRate(rates, USD, UZS, today)).toEqual({ rate: '12900.5', inverse: false, date: '2026-11-20' });
    expect(findRate(rates, USD, UZS, '2026-11-19')).toMatchObject({ rate: '12800', date: '2026-11-01' });
  });
  it('uses the inverse pair when only the other direction is kept', () => {
    expect(findRate(rates, UZS, USD, today)).toEqual({ rate: '12900.5', inverse: true, date: '2026-11-20' });
  });
  it('has no rate for currencies no rate links, or before the first rate', () => {
    expect(findRate(rates, SGD, UZS, today)).toBeNull();
    expect(findRate(rates, USD, UZS, '2026-10-31')).toBeNull();
  });
  it('converts a currency to itself at 1', () => {
    expect(findRate([], UZS, UZS, today)).toEqual({ rate: '1', inverse: false, date: null });
  });
  it('prefers the later-entered of two rates of one day', () => {
    const same = [...rates, { id: 9, fromCurrency: USD, toCurrency: UZS, rate: '13000', date: '2026-11-20' }];
    expect(findRate(same, USD, UZS, today)?.rate).toBe('13000');
  });
});

describe('convertPrice', () => {
  it('multiplies exactly and rounds half away from zero to cents', () => {
    // 38000 MYR × 2750.25 = 104 509 500 UZS
    expect(convertPrice(38000, MYR, 'UZS', rates, today)).toEqual({
      amount: 104509500,
      currency: 'UZS',
      date: '2026-11-15',
    });
    // 0.01 USD × 4.4667 = 0.044667 → 0.04; 0.11 × 4.4667 = 0.491337 → 0.49; 1.5 × 4.4667 = 6.70005 → 6.70
    expect(convertPrice(0.01, USD, 'MYR', rates, today)?.amount).toBe(0.04);
    expect(convertPrice(1.5, USD, 'MYR', rates, today)?.amount).toBe(6.7);
    // 0.3 USD × 12900.5 = 3870.15 exactly (no binary-float drift)
    expect(convertPrice(0.3, USD, 'UZS', rates, today)?.amount).toBe(3870.15);
  });
  it('divides by the rate of the inverse pair', () => {
    // 310 000 000 UZS / 12900.5 = 24030.0763… USD
    expect(convertPrice(310000000, UZS, 'USD', rates, today)).toEqual({
      amount: 24030.08,
      currency: 'USD',
      date: '2026-11-20',
    });
    // Half a cent rounds up: 1 MYR / 0.5… kept simple: 5 UZS / 2000 = 0.0025 → 0.00; 10 / 2000 = 0.005 → 0.01
    const half: TRateRow[] = [
      { id: 1, fromCurrency: USD, toCurrency: UZS, rate: '2000', date: '2026-01-01' },
    ];
    expect(convertPrice(10, UZS, 'USD', half, today)?.amount).toBe(0.01);
    expect(convertPrice(5, UZS, 'USD', half, today)?.amount).toBe(0);
  });
  it('gives nothing without a rate', () => {
    expect(convertPrice(45000, SGD, 'UZS', rates, today)).toBeNull();
  });
  it('offers the reader UZS, USD and MYR', () => {
    expect(READER_CURRENCIES).toEqual(['UZS', 'USD', 'MYR']);
  });
});

describe('calendarDayIn', () => {
  it('is the day of the moment in the zone (Tashkent is UTC+5)', () => {
    expect(calendarDayIn(Date.parse('2026-11-26T19:30:00Z'), 'Asia/Tashkent')).toBe('2026-11-27');
    expect(calendarDayIn(Date.parse('2026-11-26T18:30:00Z'), 'Asia/Tashkent')).toBe('2026-11-26');
  });
});

describe('ZExchangeRateInput', () => {
  const valid = { fromCurrency: USD, toCurrency: UZS, rate: '12800.50', date: '2026-11-20', source: 'CBU' };
  it('keeps the rate as exact decimal text', () => {
    expect(ZExchangeRateInput.parse(valid).rate).toBe('12800.50');
  });
  it('refuses a zero, negative or malformed rate, and a pair of one currency', () => {
    for (const rate of ['0', '0.000', '-1', '1e3', 'abc', ''])
      expect(ZExchangeRateInput.safeParse({ ...valid, rate }).success, rate).toBe(false);
    const same = ZExchangeRateInput.safeParse({ ...valid, toCurrency: USD });
    expect(same.error?.issues[0]).toMatchObject({ path: ['toCurrency'], message: 'validation.sameCurrency' });
  });
});
