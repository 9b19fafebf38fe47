import type { Location, To } from 'react-router';

// Issue 20 item 4, the way to a form page and back (screens whose Add and Edit open a page of
// their own, e.g. the students lists): the list hands the page where it was (its address and its
// entry's state: page, selection, and on lists of people the name filter, which stays out of the
// address, DESIGN 5); the page leads back there naming the row it saved (`crudSaved`), and the
// list opens the page that holds that row (use-keep-place.ts). Both sides live here, one contract.

/** Where the list was when it opened the form page. */
type TCrudReturn = { search?: string; state?: Record<string, unknown> | null };

/** The form page's entry state, from the list's location (Add and Edit alike). */
export function toFormPageState({ search, state }: Pick<Location, 'search' | 'state'>) {
  const listState = state && typeof state === 'object' ? (state as Record<string, unknown>) : null;
  return { crudReturn: { search, state: listState } satisfies TCrudReturn };
}

/**
 * The way back from a form page to `list`: its place as it was (`listState` alone, for a way back
 * that saved nothing) and, in `state`, the row this page saved so the list opens its page.
 */
export function backToList(formPageState: unknown, list: string, savedId: number | null) {
  const back = (formPageState as { crudReturn?: TCrudReturn } | null)?.crudReturn;
  const to: To = { pathname: list, search: back?.search ?? '' };
  const listState = back?.state ?? {};
  return { to, listState, state: { ...listState, ...(savedId ? { crudSaved: savedId } : {}) } };
}
