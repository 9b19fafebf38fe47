import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';
import { MAX_INT, zWholeNumber } from './fields.js';

// The filter language of spec 3 / DESIGN 4. Field paths are resolved on the server through a
// per-resource allow-list; depth and condition caps are enforced there too (they need recursion).

export const FILTER_OPERATORS = ['EQ', 'CONTAINS', 'LIKE', 'BETWEEN'] as const;
export type TFilterOperator = (typeof FILTER_OPERATORS)[number];

const zScalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const ZCondition = z
  .object({
    field: z.string().min(1).max(100),
    operator: z.enum(FILTER_OPERATORS).default('EQ'),
    value: z.union([zScalar, z.array(zScalar).max(2)]),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.operator === 'BETWEEN' && (!Array.isArray(c.value) || c.value.length !== 2)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'filter.betweenNeedsTwo' });
    }
    if (c.operator !== 'BETWEEN' && Array.isArray(c.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'filter.scalarOnly' });
    }
  });
export type TCondition = z.infer<typeof ZCondition>;

export type TFilter = {
  operator?: 'AND' | 'OR';
  conditions?: TCondition[];
  groups?: TFilter[];
};

export const ZFilter: z.ZodType<TFilter> = z.lazy(() =>
  z
    .object({
      operator: z.enum(['AND', 'OR']).default('AND'),
      conditions: z.array(ZCondition).max(50).default([]),
      groups: z.array(ZFilter).max(50).default([]),
    })
    .strict(),
);

export const ZPagedQuery = z
  .object({
    filter: ZFilter.optional(),
    page: zWholeNumber().min(0, 'validation.notNegative').max(MAX_INT, 'validation.tooLarge').default(0),
    pageSize: zWholeNumber()
      .min(1, 'validation.positive')
      .max(MAX_PAGE_SIZE, 'validation.tooLarge')
      .default(PAGE_SIZE),
  })
  .strict();
export type TPagedQuery = z.infer<typeof ZPagedQuery>;

/** `positionOf`: the list request (filter, page size) and the row to find in it. */
export const ZPositionQuery = ZPagedQuery.omit({ page: true })
  .extend({
    id: zWholeNumber().min(1, 'validation.positive').max(MAX_INT, 'validation.tooLarge'),
  })
  .strict();
export type TPositionQuery = z.infer<typeof ZPositionQuery>;
/** Where a row stands in a list (0-based index and page); null for "not in the list". */
export type TPosition = { index: number; page: number } | { index: null; page: null };

export const ZPagedResult = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ result: z.array(item), totalRows: z.number().int().min(0) });
export type TPagedResult<T> = { result: T[]; totalRows: number };

/** Builds the common single-condition filter of the maintenance screens. */
export function simpleFilter(field: string, operator: TFilterOperator, value: unknown): TFilter {
  if (value === '' || value === undefined || value === null)
    return { operator: 'AND', conditions: [], groups: [] };
  return {
    operator: 'AND',
    conditions: [{ field, operator, value: value as TCondition['value'] }],
    groups: [],
  };
}
