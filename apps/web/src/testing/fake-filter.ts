import { CURRENCIES, type TFilter } from '@uniapply/shared';

// The server's filter language (DESIGN 4, apps/api/src/resources/filter.ts) over plain rows, so the
// fake API answers a screen's requests as the real one would: EQ (null is "is null", '1' equals 1),
// CONTAINS and LIKE (a literal, case-insensitive substring; an empty text constrains nothing),
// BETWEEN [min, max] (inclusive, either end open with null), AND/OR groups nested, and dotted field
// paths whose parts match the row's keys without regard to case ('Course.Level.Id').

type TCondition = NonNullable<TFilter['conditions']>[number];

/** The value at a dotted, case-insensitive path ('course.level.id'), or undefined. */
export function valueAtPath(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    const key = Object.keys(value).find((k) => k.toLowerCase() === part.toLowerCase());
    value = key === undefined ? undefined : (value as Record<string, unknown>)[key];
  }
  return value;
}

const comparable = (value: unknown) => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
};

/**
 * A university course's price in a currency (`priceIn.<code>`, issue 20 item 1): the fake keeps no
 * rates, so only a price already in that currency has one.
 */
function convertedPrice(row: unknown, code: string): unknown {
  const currency = valueAtPath(row, 'currency');
  return typeof currency === 'number' && CURRENCIES[currency] === code
    ? valueAtPath(row, 'price')
    : undefined;
}

function matchesCondition(row: unknown, { field, operator, value }: TCondition): boolean {
  const priceIn = /^priceIn\.(\w+)$/i.exec(field);
  const actual = priceIn ? convertedPrice(row, priceIn[1]!.toUpperCase()) : valueAtPath(row, field);
  switch (operator) {
    case 'EQ':
      if (value === null) return actual === null || actual === undefined;
      return comparable(actual) === comparable(value);
    case 'CONTAINS':
    case 'LIKE': {
      const text = String(value ?? '');
      if (text === '') return true;
      if (actual === null || actual === undefined) return false;
      return String(actual).toLowerCase().includes(text.toLowerCase());
    }
    case 'BETWEEN': {
      const [min, max] = Array.isArray(value) ? value : [null, null];
      if (actual === null || actual === undefined) return min === null && max === null;
      const n = comparable(actual) as number | string;
      if (min !== null && min !== undefined && n < (comparable(min) as number | string)) return false;
      if (max !== null && max !== undefined && n > (comparable(max) as number | string)) return false;
      return true;
    }
    default:
      throw new Error(`fake API: unknown operator ${String(operator)}`);
  }
}

/** Whether `row` passes `filter`; a group with nothing in it constrains nothing, as on the server. */
export function matchesFilter(row: unknown, filter: TFilter | undefined): boolean {
  if (!filter) return true;
  const results = [
    ...(filter.conditions ?? []).map((c) => matchesCondition(row, c)),
    ...(filter.groups ?? []).map((g) => matchesFilter(row, g)),
  ];
  if (results.length === 0) return true;
  return filter.operator === 'OR' ? results.some(Boolean) : results.every(Boolean);
}
