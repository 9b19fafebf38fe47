// Spec 2.3's page-number rule, in one place for the pager box and for a page read from the address.

/** Pages needed for `totalRows` rows; an empty list still has page 1. */
export const lastPageOf = (totalRows: number, pageSize: number) =>
  Math.max(1, Math.ceil(totalRows / pageSize));

/**
 * Spec 2.3: the page number is digits only; anything else (empty, '-3', '1.5', '2a') or a value
 * below 1 becomes 1, and a value above the last page becomes the last page.
 */
export function toPageNumber(value: unknown, lastPage = Number.MAX_SAFE_INTEGER): number {
  const last = Math.max(1, lastPage);
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) return 1;
  const n = Number(text);
  return n < 1 ? 1 : Math.min(n, last);
}
