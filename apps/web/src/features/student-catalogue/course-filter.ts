import { PAGE_SIZE, type TCondition, type TFilter, type TReaderCurrency } from '@uniapply/shared';
import { toPageNumber } from '../../lib/paging';

// The course list's filter state lives in the address (?name=&university=&level=&category=
// &minPrice=&maxPrice=&page=), so a reload, the back button or a shared link shows the same list.

export type TCourseFilterValues = {
  name: string;
  universityId: number | null;
  levelId: number | null;
  categoryId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
};

export const EMPTY_COURSE_FILTER: TCourseFilterValues = {
  name: '',
  universityId: null,
  levelId: null,
  categoryId: null,
  minPrice: null,
  maxPrice: null,
};

/** A positive whole number, or null for anything else (hand-edited addresses included). */
export function toId(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function toAmount(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** 1-based page from the address; anything invalid is page 1. */
export function readPage(params: URLSearchParams): number {
  return toPageNumber(params.get('page'));
}

export function readCourseFilter(params: URLSearchParams): TCourseFilterValues {
  return {
    name: params.get('name') ?? '',
    universityId: toId(params.get('university')),
    levelId: toId(params.get('level')),
    categoryId: toId(params.get('category')),
    minPrice: toAmount(params.get('minPrice')),
    maxPrice: toAmount(params.get('maxPrice')),
  };
}

/** The address for a filter; empty values are left out and page 1 is implicit. */
export function writeCourseFilter(values: TCourseFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(key, String(value));
  };
  set('name', values.name.trim());
  set('university', values.universityId);
  set('level', values.levelId);
  set('category', values.categoryId);
  set('minPrice', values.minPrice);
  set('maxPrice', values.maxPrice);
  if (page > 1) set('page', page);
  return params;
}

export function countActiveFilters(values: TCourseFilterValues): number {
  return [
    values.name.trim() !== '',
    values.universityId !== null,
    values.levelId !== null,
    values.categoryId !== null,
    values.minPrice !== null || values.maxPrice !== null,
  ].filter(Boolean).length;
}

/** A price range whose minimum is above its maximum (refused, never read the other way round). */
export const isInvertedRange = (min: number | null, max: number | null) =>
  min !== null && max !== null && min > max;

/**
 * Spec 7.2: the course search filters on Course.Name LIKE, the university's id EQ, Course.Level.Id
 * EQ, Course.Category.Id EQ and a price BETWEEN [min, max]. The paths are the API's allow-list for
 * UniversityCourse (apps/api/src/resources/definitions/university-course.ts); the price range is
 * on the price converted into the reader's currency (`priceIn.<code>`, issue 20 item 1); an open
 * bound travels as null, and an inverted range is left out (the form says why).
 */
export function buildCourseFilter(values: TCourseFilterValues, currency: TReaderCurrency): TFilter {
  const conditions: TCondition[] = [];
  const name = values.name.trim();
  if (name) conditions.push({ field: 'course.name', operator: 'LIKE', value: name });
  if (values.universityId !== null)
    conditions.push({ field: 'university.id', operator: 'EQ', value: values.universityId });
  if (values.levelId !== null)
    conditions.push({ field: 'course.level.id', operator: 'EQ', value: values.levelId });
  if (values.categoryId !== null)
    conditions.push({ field: 'course.category.id', operator: 'EQ', value: values.categoryId });
  const { minPrice, maxPrice } = values;
  if ((minPrice !== null || maxPrice !== null) && !isInvertedRange(minPrice, maxPrice))
    conditions.push({ field: `priceIn.${currency}`, operator: 'BETWEEN', value: [minPrice, maxPrice] });
  return { operator: 'AND', conditions, groups: [] };
}

export const COURSE_PAGE_SIZE = PAGE_SIZE;
