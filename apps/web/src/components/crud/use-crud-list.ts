import { PAGE_SIZE, simpleFilter, type TFilter } from '@uniapply/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toPageNumber } from '../../lib/paging';
import { usePagedList } from '../paged-list/use-paged-list';
import type { TCrudDefinition, TRow } from './define';
import { useErrorAlert } from './notify';

// The list state lives in the address (filter `q`, 1-based `page`, `selected` id), so a reload,
// a shared link and the back button keep it. `selected=` (empty) records a deliberate "none".
// On lists of people the filter is a name: it stays out of the address (DESIGN 5: no personal
// data in URLs, which end up in server logs) and lives in the history entry's state, which a
// reload and the back button keep as well.

type TListState = { crudFilter?: string } | null;
type TUpdate = (changes: Record<string, string | null>, replace?: boolean, nextFilter?: string) => void;

/**
 * The router renders a navigation later than it is asked for (a transition), and a render of other
 * news (a list answer) can come first, still showing the old address. Until the address asked for
 * is shown, changes build on it, and `behind()` says so: the first-row selection then waits, so a
 * stale page's first row does not overwrite a saved row's place (issue 20 item 4). Kept in refs
 * and read when asked, never as a new value each render (that re-ran effects in a loop).
 */
function usePendingAddress({ key, search }: { key: string; search: string }) {
  const shown = useRef({ key, search });
  const asked = useRef<{ from: string; search: string } | null>(null);
  useLayoutEffect(() => {
    shown.current = { key, search };
  }, [key, search]);
  return useMemo(() => {
    const waiting = () => asked.current !== null && asked.current.from === shown.current.key;
    return {
      base: () => (waiting() ? asked.current!.search : shown.current.search),
      ask: (next: URLSearchParams) => {
        asked.current = { from: shown.current.key, search: `?${next}` };
      },
      behind: () =>
        waiting() &&
        new URLSearchParams(asked.current!.search).toString() !==
          new URLSearchParams(shown.current.search).toString(),
    };
  }, []);
}

/** What the address says about the list, and the one way to change it. */
function useListAddress(definition: TCrudDefinition) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { personal = false, choiceFilter } = definition;
  const filterText = (personal ? (location.state as TListState)?.crudFilter : params.get('q')) ?? '';
  // A value that is not one of the choices (an edited address) counts as none; a picklist's
  // choices are row ids (one that no longer exists lists nothing, like a filter that finds nothing).
  const chosen = choiceFilter ? params.get(choiceFilter.param) : null;
  const isChoice =
    choiceFilter?.options.some((o) => o.value === chosen) ||
    (choiceFilter?.picklist !== undefined && /^[1-9]\d{0,9}$/.test(chosen ?? ''));
  const choice = isChoice ? (chosen ?? '') : '';

  const pending = usePendingAddress(location);
  const update: TUpdate = useCallback(
    (changes, replace = false, nextFilter = filterText) => {
      const { q = null, ...rest } = changes;
      const next = new URLSearchParams(pending.base());
      for (const [key, value] of Object.entries(personal ? rest : changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      pending.ask(next);
      setParams(next, { replace, state: personal ? { crudFilter: q ?? nextFilter } : undefined });
    },
    [setParams, personal, filterText, pending],
  );
  const page = toPageNumber(params.get('page'));
  return { filterText, choice, page, selectedParam: params.get('selected'), update, behind: pending.behind };
}

/** The list request's filter: the text filter and the choice filter together (AND). */
function listFilter(definition: TCrudDefinition, filterText: string, choice: string): TFilter {
  const { filter, choiceFilter } = definition;
  const first = simpleFilter(filter.field, filter.operator, filterText.trim());
  const second = choiceFilter ? simpleFilter(choiceFilter.field, 'EQ', choice) : undefined;
  if (!second?.conditions?.length) return first;
  return { ...first, conditions: [...(first.conditions ?? []), ...second.conditions] };
}

/** After a load the first row is selected, unless the selected one is on this page or the user
 * deselected on purpose (spec 2.3). */
function useFirstRowSelection(
  list: { pageRows: TRow[] | undefined; lastPage: number },
  page: number,
  selectedParam: string | null,
  { update, behind }: { update: TUpdate; behind: () => boolean },
) {
  const { pageRows, lastPage } = list;
  useEffect(() => {
    if (!pageRows || page > lastPage || behind()) return;
    if (selectedParam === '' || pageRows.some((r) => String(r.id) === selectedParam)) return;
    update({ selected: pageRows[0] ? String(pageRows[0].id) : null }, true);
  }, [pageRows, page, lastPage, selectedParam, update, behind]);
}

export function useCrudList(definition: TCrudDefinition) {
  const { filterText, choice, page, selectedParam, update, behind } = useListAddress(definition);
  const filter = listFilter(definition, filterText, choice);
  const list = usePagedList<TRow>({
    base: definition.base,
    filter,
    page,
    pageSize: PAGE_SIZE,
    // A page past the end (an old link, rows deleted meanwhile) moves to the last page.
    onPageOutOfRange: (lastPage) => update({ page: String(lastPage), selected: null }, true),
  });
  useErrorAlert(list.isError ? list.error : null, 'crud.alerts.fetchFailed', list.errorUpdatedAt);
  useFirstRowSelection(list, page, selectedParam, { update, behind });

  // Until the address catches up, a fresh page shows its first row as selected straight away.
  const selected =
    selectedParam === ''
      ? null
      : (list.rows.find((r) => String(r.id) === selectedParam) ?? list.pageRows?.[0] ?? null);
  const choiceParam = definition.choiceFilter?.param;
  const pageParam = (value: number) => (value > 1 ? String(value) : null);

  return {
    list,
    filterText,
    /** The first load is in and its selection written to the address (nothing left to race). */
    settled: list.pageRows !== undefined && (list.pageRows.length === 0 || selectedParam !== null),
    /** The list request's filter, as sent (positionOf asks with the same one). */
    filter,
    selected,
    setPage: (value: number) => update({ page: pageParam(value), selected: null }),
    /** A filter change goes back to page 1. */
    setFilter: (text: string) =>
      update({ q: text.trim() || null, page: null, selected: null }, false, text.trim()),
    /** Clear empties both filters. */
    clear: () =>
      update(
        { q: null, page: null, selected: null, ...(choiceParam ? { [choiceParam]: null } : {}) },
        false,
        '',
      ),
    /** The choice filter's value ('' for every row). */
    choice,
    /** A choice applies at once and, like a filter change, goes back to page 1. */
    setChoice: (value: string) =>
      choiceParam && update({ [choiceParam]: value || null, page: null, selected: null }),
    /** Clicking the selected row deselects it. */
    toggle: (row: TRow) => update({ selected: selected?.id === row.id ? '' : String(row.id) }, true),
    /** Let the next load pick its first row again (after a delete or an add). */
    forgetSelection: () => update({ selected: null }, true),
    /** Open 1-based `at` with row `id` selected, or page 1 with its first row (a saved row's place). */
    show: (at: { page: number; id: number } | null) =>
      update(
        at ? { page: pageParam(at.page), selected: String(at.id) } : { page: null, selected: null },
        true,
      ),
  };
}
