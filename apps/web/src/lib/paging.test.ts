import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastPageOf, toPageNumber } from './paging';

describe('the page-number rule (spec 2.3)', () => {
  it.each([
    ['', 5, 1],
    ['0', 5, 1],
    ['-3', 5, 1],
    ['1.5', 5, 1],
    ['2.0', 5, 1],
    ['abc', 5, 1],
    ['3a', 5, 1],
    ['1e3', 5, 1],
    [' 4 ', 5, 4],
    ['007', 5, 5],
    ['3', 5, 3],
    ['6', 5, 5],
    ['99999999999999999999', 5, 5],
    [-3, 5, 1],
    [1.5, 5, 1],
    [Number.NaN, 5, 1],
    [null, 5, 1],
    ['2', 0, 1],
  ])('%j with last page %i is page %i', (value, lastPage, expected) => {
    expect(toPageNumber(value, lastPage)).toBe(expected);
  });

  it('keeps a whole number between 1 and the last page as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (last, n) => {
        const page = Math.min(Math.max(n, 1), last);
        expect(toPageNumber(String(page), last)).toBe(page);
      }),
    );
  });

  it('turns any text that is not all digits into page 1, and digits past the end into the last page', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 500 }), (text, last) => {
        const page = toPageNumber(text, last);
        const digits = /^\d+$/.test(text.trim());
        if (!digits || Number(text) < 1) expect(page).toBe(1);
        else expect(page).toBe(Math.min(Number(text), last));
      }),
    );
  });

  it('always lands on a page between 1 and the last page', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: -5, max: 500 }), (value, last) => {
        const page = toPageNumber(value, last);
        expect(Number.isInteger(page)).toBe(true);
        expect(page).toBeGreaterThanOrEqual(1);
        expect(page).toBeLessThanOrEqual(Math.max(1, last));
      }),
    );
  });

  it('counts pages of ten: 0 rows is one page, 21 rows three', () => {
    expect([0, 1, 10, 11, 21].map((rows) => lastPageOf(rows, 10))).toEqual([1, 1, 1, 2, 3]);
  });
});
