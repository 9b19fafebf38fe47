import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from './constants.js';
import { simpleFilter, ZCondition, ZPagedQuery } from './filter.js';

// Issue 8 item 22: the list request and filter shapes.

describe('paged query', () => {
  it('defaults page 0 and the page size', () => {
    expect(ZPagedQuery.parse({})).toEqual({ page: 0, pageSize: 10 });
  });
  it.each([
    { page: [7] },
    { page: '1' },
    { page: -1 },
    { page: 1.5 },
    { pageSize: true },
    { pageSize: 0 },
    {
      pageSize: MAX_PAGE_SIZE + 1,
    },
    { extra: 1 },
  ])('refuses %j', (body) => {
    expect(ZPagedQuery.safeParse(body).success).toBe(false);
  });
});

describe('conditions', () => {
  it('BETWEEN takes two values, the others one', () => {
    expect(ZCondition.safeParse({ field: 'price', operator: 'BETWEEN', value: [1, 2] }).success).toBe(true);
    expect(ZCondition.safeParse({ field: 'price', operator: 'BETWEEN', value: 1 }).success).toBe(false);
    expect(ZCondition.safeParse({ field: 'name', operator: 'EQ', value: ['a'] }).success).toBe(false);
    expect(ZCondition.safeParse({ field: 'name', operator: 'NOPE', value: 'a' }).success).toBe(false);
  });
  it('simpleFilter leaves out an empty value', () => {
    expect(simpleFilter('name', 'CONTAINS', '')).toEqual({ operator: 'AND', conditions: [], groups: [] });
    expect(simpleFilter('name', 'CONTAINS', 'x').conditions).toEqual([
      { field: 'name', operator: 'CONTAINS', value: 'x' },
    ]);
  });
});
