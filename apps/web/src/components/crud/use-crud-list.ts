import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, simpleFilter, type TPagedResult } from '@uniapply/shared';
import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { lastPageOf, toPageNumber } from '../../lib/paging';
import type { TCrudDefinition, TRow } from './define';
import { useErrorAlert } from './notify';

// The list state lives in the address (filter `q`, 1-based `page`, `selected` id), so a reload,
// a shared link and the back button keep it. `selected=` (empty) records a deliberate "none".
// On lists of people the filter is a name: it stays out of the address (DESIGN 5: no personal
// data in URLs, which end up in server logs) and lives in the history entry's state, which a
// reload and the back button keep as well.

type TListState = { crudFilter?: string } | null;

export const crudListKey = (base: string) => ['crud', base, 'list'] as const;

export function useCrudList(definition: TCrudDefinition) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { personal = false } = definition;
  const filterText = (personal ? (location.state as TListState)?.crudFilter : params.get('q')) ?? '';
  const page = toPageNumber(params.get('page'));
  const selectedParam = params.get('selected');
  const { base, filter } = definition;

  const query = useQuery({
    queryKey: [...crudListKey(base), filter.field, filterText, page],
    queryFn: ({ signal }) =>
      api.post<TPagedResult<TRow>>(
        `/${base}/getListByPage`,
        {
          filter: simpleFilter(filter.field, filter.operator, filterText.trim()),
          page: page - 1,
          pageSize: PAGE_SIZE,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  // Spec 8: a failed load empties the list and shows a total of 0.
  const rows = query.isError ? [] : (query.data?.result ?? []);
  const totalRows = query.isError ? 0 : (query.data?.totalRows ?? 0);
  const lastPage = lastPageOf(totalRows, PAGE_SIZE);
  useErrorAlert(query.isError ? query.error : null, 'crud.alerts.fetchFailed', query.errorUpdatedAt);

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

  const loaded = query.isSuccess && !query.isPlaceholderData;
  const pageRows = loaded ? query.data.result : undefined;
  useEffect(() => {
    if (!pageRows) return;
    // After a load: a page past the end moves to the last page, then the first row is selected
    // unless the selected one is on this page or the user deselected on purpose (spec 2.3).
    if (page > lastPage) {
      update({ page: String(lastPage), selected: null }, true);
      return;
    }
    if (selectedParam === '' || pageRows.some((r) => String(r.id) === selectedParam)) return;
    update({ selected: pageRows[0] ? String(pageRows[0].id) : null }, true);
  }, [pageRows, page, lastPage, selectedParam, update]);

  // Until the address catches up, a fresh page shows its first row as selected straight away.
  const selected =
    selectedParam === '' ? null : (rows.find((r) => String(r.id) === selectedParam) ?? pageRows?.[0] ?? null);

  return {
    rows,
    totalRows,
    page,
    lastPage,
    filterText,
    selected,
    isLoading: query.isFetching,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null, selected: null }),
    /** A filter change goes back to page 1. */
    setFilter: (text: string) =>
      update({ q: text.trim() || null, page: null, selected: null }, false, text.trim()),
    /** Clicking the selected row deselects it. */
    toggle: (row: TRow) => update({ selected: selected?.id === row.id ? '' : String(row.id) }, true),
    /** Let the next load pick its first row again (after a delete or an add). */
    forgetSelection: () => update({ selected: null }, true),
  };
}
