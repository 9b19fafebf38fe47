import type { TFilter } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { matchesFilter } from './fake-filter';

// The fake API must answer as the server does (apps/api/src/resources/filter.ts and its tests),
// or screen tests would pass against rules the real API does not have.

const COURSES = [
  { id: 1, name: 'Data 100% Science', price: 900, level: { id: 1, name: 'Foundation' }, to: null },
  { id: 2, name: 'Under_score', price: 1000, level: { id: 3, name: 'Bachelor' }, to: '2024-01-01' },
  { id: 3, name: 'Back\\slash', price: 5000, level: { id: 3, name: 'Bachelor' }, to: null },
  { id: 4, name: 'data mining', price: 12000, level: { id: 4, name: 'Master' }, to: '2020-06-01' },
];
const where = (field: string, operator: 'EQ' | 'CONTAINS' | 'LIKE' | 'BETWEEN', value: unknown): TFilter => ({
  operator: 'AND',
  conditions: [{ field, operator, value: value as never }],
  groups: [],
});
const ids = (filter: TFilter) => COURSES.filter((row) => matchesFilter(row, filter)).map((r) => r.id);

describe("the fake API's filter follows the server's semantics (item 22)", () => {
  it('CONTAINS and LIKE: a literal, case-insensitive substring; % and _ are plain characters', () => {
    expect(ids(where('name', 'CONTAINS', 'DATA'))).toEqual([1, 4]);
    expect(ids(where('name', 'LIKE', 'data'))).toEqual([1, 4]);
    expect(ids(where('name', 'CONTAINS', '%'))).toEqual([1]);
    expect(ids(where('name', 'CONTAINS', '_'))).toEqual([2]);
    expect(ids(where('name', 'CONTAINS', '\\'))).toEqual([3]);
    expect(ids(where('name', 'CONTAINS', ''))).toEqual([1, 2, 3, 4]);
  });

  it('EQ: typed equality ("3" equals 3), null means "is null"', () => {
    expect(ids(where('level.id', 'EQ', 3))).toEqual([2, 3]);
    expect(ids(where('level.id', 'EQ', '3'))).toEqual([2, 3]);
    expect(ids(where('name', 'EQ', 'data mining'))).toEqual([4]);
    expect(ids(where('name', 'EQ', 'Data Mining'))).toEqual([]);
    expect(ids(where('to', 'EQ', null))).toEqual([1, 3]);
  });

  it('BETWEEN: inclusive [min, max], either end open with null', () => {
    expect(ids(where('price', 'BETWEEN', [1000, 5000]))).toEqual([2, 3]);
    expect(ids(where('price', 'BETWEEN', [1000, null]))).toEqual([2, 3, 4]);
    expect(ids(where('price', 'BETWEEN', [null, 1000]))).toEqual([1, 2]);
    expect(ids(where('to', 'BETWEEN', ['2020-06-01', null]))).toEqual([2, 4]);
  });

  it('dotted field paths match without regard to case', () => {
    expect(ids(where('Level.Name', 'EQ', 'Bachelor'))).toEqual([2, 3]);
    expect(ids(where('LEVEL.ID', 'EQ', 4))).toEqual([4]);
  });

  it('AND and OR groups nest; an empty group constrains nothing', () => {
    const filter: TFilter = {
      operator: 'OR',
      conditions: [{ field: 'name', operator: 'CONTAINS', value: 'score' }],
      groups: [
        {
          operator: 'AND',
          conditions: [
            { field: 'level.id', operator: 'EQ', value: 4 },
            { field: 'price', operator: 'BETWEEN', value: [10000, null] },
          ],
          groups: [],
        },
      ],
    };
    expect(ids(filter)).toEqual([2, 4]);
    expect(ids({ operator: 'AND', conditions: [], groups: [] })).toEqual([1, 2, 3, 4]);
  });
});
