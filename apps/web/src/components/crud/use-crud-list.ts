import { PAGE_SIZE, simpleFilter, type TFilter } from '@uniapply/shared';
import { useCallback, useEffect } from 'react';
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

/** The facet's EQ condition beside the text filter's (none for an empty choice). */
function withFacet(filter: TFilter, field: string | undefined, value: string): TFilter {
  if (!field || !value) return filter;
  return { ...filter, conditions: [...(filter.conditions ?? []), { field, operator: 'EQ', value }] };
}

export function useCrudList(definition: TCrudDefinition) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { personal = false } = definition;
  const filterText = (personal ? (location.state as TListState)?.crudFilter : params.get('q')) ?? '';
  const page = toPageNumber(params.get('page'));
  const selectedParam = params.get('selected');
  const { base, filter, facet } = definition;
  const facetValue = (facet && params.get(facet.param)) || '';

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false, nextFilter = filterText) => {
      const { q = null, ...rest } = changes;
      const inAddress = personal ? rest : changes;
      return setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(inAddress)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace, state: personal ? { crudFilter: q ?? nextFilter } : undefined },
      );
    },
    [setParams, personal, filterText],
  );

  const list = usePagedList<TRow>({
    base,
    filter: withFacet(
      simpleFilter(filter.field, filter.operator, filterText.trim()),
      facet?.field,
      facetValue,
    ),
    page,
    pageSize: PAGE_SIZE,
    // A page past the end (an old link, rows deleted meanwhile) moves to the last page.
    onPageOutOfRange: (lastPage) => update({ page: String(lastPage), selected: null }, true),
  });
  const { rows, lastPage, pageRows } = list;
  useErrorAlert(list.isError ? list.error : null, 'crud.alerts.fetchFailed', list.errorUpdatedAt);

  useEffect(() => {
    if (!pageRows || page > lastPage) return;
    // After a load the first row is selected, unless the selected one is on this page or the user
    // deselected on purpose (spec 2.3).
    if (selectedParam === '' || pageRows.some((r) => String(r.id) === selectedParam)) return;
    update({ selected: pageRows[0] ? String(pageRows[0].id) : null }, true);
  }, [pageRows, page, lastPage, selectedParam, update]);

  // Until the address catches up, a fresh page shows its first row as selected straight away.
  const selected =
    selectedParam === '' ? null : (rows.find((r) => String(r.id) === selectedParam) ?? pageRows?.[0] ?? null);

  return {
    list,
    filterText,
    selected,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null, selected: null }),
    facetValue,
    /** A filter change goes back to page 1. */
    setFilter: (text: string) =>
      update({ q: text.trim() || null, page: null, selected: null }, false, text.trim()),
    setFacet: (value: string) =>
      facet && update({ [facet.param]: value || null, page: null, selected: null }),
    /** Both filters off at once (Clear). */
    clearFilters: () =>
      update({ q: null, ...(facet ? { [facet.param]: null } : {}), page: null, selected: null }, false, ''),
    /** Clicking the selected row deselects it. */
    toggle: (row: TRow) => update({ selected: selected?.id === row.id ? '' : String(row.id) }, true),
    /** Let the next load pick its first row again (after a delete or an add). */
    forgetSelection: () => update({ selected: null }, true),
  };
}
