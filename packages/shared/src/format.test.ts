import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime } from './format.js';

// The portal's one formatter (issue 18 item 8): fixed patterns per language, never the runtime's
// locale data, so Node and Chromium (which has no Uzbek data) print the same text.

const NBSP = '\u00a0';
// 2026-11-25T20:27:08Z is 26 November 01:27 in Tashkent (UTC+5), 25 November 15:27 in New York.
const AT = '2026-11-25T20:27:08.000Z';

describe('formatDateTime', () => {
  it('writes the wall clock of the given zone in each language', () => {
    expect(formatDateTime(AT, 'uz', 'Asia/Tashkent')).toBe('26-noyabr, 2026, 01:27');
    expect(formatDateTime(AT, 'en', 'Asia/Tashkent')).toBe('26 Nov 2026, 01:27');
    expect(formatDateTime(AT, 'ru', 'Asia/Tashkent')).toBe('26 ноября 2026 г., 01:27');
    expect(formatDateTime(AT, 'en', 'America/New_York')).toBe('25 Nov 2026, 15:27');
    expect(formatDateTime(AT, 'en', 'UTC')).toBe('25 Nov 2026, 20:27');
  });

  it('takes a Date or epoch milliseconds as well as an ISO string', () => {
    expect(formatDateTime(new Date(AT), 'uz', 'Asia/Tashkent')).toBe('26-noyabr, 2026, 01:27');
    expect(formatDateTime(Date.parse(AT), 'uz', 'Asia/Tashkent')).toBe('26-noyabr, 2026, 01:27');
  });

  it('spells every Uzbek month', () => {
    const months = Array.from({ length: 12 }, (_, m) =>
      formatDate(new Date(Date.UTC(2026, m, 15, 12)), 'uz', 'UTC'),
    );
    expect(months).toEqual([
      '15-yanvar, 2026',
      '15-fevral, 2026',
      '15-mart, 2026',
      '15-aprel, 2026',
      '15-may, 2026',
      '15-iyun, 2026',
      '15-iyul, 2026',
      '15-avgust, 2026',
      '15-sentyabr, 2026',
      '15-oktyabr, 2026',
      '15-noyabr, 2026',
      '15-dekabr, 2026',
    ]);
  });

  it('writes midnight as 00, not 24, and follows summer time', () => {
    expect(formatTime('2026-07-01T04:00:00Z', 'en', 'America/New_York')).toBe('00:00');
    expect(formatTime('2026-01-01T05:00:00Z', 'en', 'America/New_York')).toBe('00:00');
  });

  it('an unknown time zone falls back to UTC rather than throwing', () => {
    expect(formatDateTime(AT, 'en', 'Not/AZone')).toBe('25 Nov 2026, 20:27');
  });

  it('an invalid date is an empty text', () => {
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('');
  });
});

describe('formatDate', () => {
  it('writes the calendar day in the zone', () => {
    expect(formatDate(AT, 'uz', 'Asia/Tashkent')).toBe('26-noyabr, 2026');
    expect(formatDate(AT, 'ru', 'Asia/Tashkent')).toBe('26 ноября 2026 г.');
    expect(formatDate(AT, 'en', 'America/New_York')).toBe('25 Nov 2026');
  });

  it('a calendar date (YYYY-MM-DD, a birthday) is the same day in every zone', () => {
    expect(formatDate('2001-03-09', 'uz', 'America/New_York')).toBe('9-mart, 2001');
    expect(formatDate('2001-03-09', 'en', 'Pacific/Kiritimati')).toBe('9 Mar 2001');
    expect(formatDate('2001-03-09', 'ru', 'Asia/Tashkent')).toBe('9 марта 2001 г.');
  });
});

describe('formatMoney and formatNumber', () => {
  it('writes the amount, then the currency code, with the language’s grouping', () => {
    expect(formatMoney(62000, 'MYR', 'en')).toBe(`62,000${NBSP}MYR`);
    expect(formatMoney(62000, 'MYR', 'ru')).toBe(`62${NBSP}000${NBSP}MYR`);
    expect(formatMoney(62000, 'MYR', 'uz')).toBe(`62${NBSP}000${NBSP}MYR`);
    expect(formatMoney(12_500_000, 'UZS', 'uz')).toBe(`12${NBSP}500${NBSP}000${NBSP}UZS`);
  });

  it('shows cents only when there are some', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe(`1,234.50${NBSP}USD`);
    expect(formatMoney(1234.5, 'USD', 'ru')).toBe(`1${NBSP}234,50${NBSP}USD`);
    expect(formatMoney(999, 'SGD', 'uz')).toBe(`999${NBSP}SGD`);
    expect(formatMoney(-1500, 'MYR', 'en')).toBe(`-1,500${NBSP}MYR`);
  });

  it('without a currency it is the number alone', () => {
    expect(formatMoney(62000, undefined, 'en')).toBe('62,000');
    expect(formatNumber(1234567, 'ru')).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatNumber(6.5, 'uz')).toBe('6,5');
    expect(formatNumber(7, 'en')).toBe('7');
  });
});
