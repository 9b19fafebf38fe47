import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFilter } from '@uniapply/shared';
import { useEffect, useRef } from 'react';
import { lastPageOf } from '../../lib/paging';
import { resourceKeys, resources, type TListRequest } from '../../lib/resources';

export type TPagedListOptions = {
  base: string;
  filter: TFilter;
  /** 1-based, as people count (the wire gets page - 1). */
  page: number;
  pageSize: number;
  /** After a load that shows `page` is past the end (an old link, rows deleted meanwhile). */
  onPageOutOfRange: (lastPage: number) => void;
};

/**
 * One page of a resource list (`getListByPage`), the same for the maintenance grid and the
 * student lists: the current rows stay on screen while the next page loads, and a page past the
 * end is handed back to the screen to move to the last page.
 */
export function usePagedList<T>({ base, filter, page, pageSize, onPageOutOfRange }: TPagedListOptions) {
  const request: TListRequest = { filter, page: page - 1, pageSize };
  const query = useQuery({
    queryKey: resourceKeys.list(base, request),
    queryFn: ({ signal }) => resources.getListByPage<T>(base, request, { signal }),
    placeholderData: keepPreviousData,
  });
  const loaded = query.isSuccess && !query.isPlaceholderData;
  // Spec 8: a failed load empties the list and counts 0. Before the first answer there is no count.
  const totalRows = query.isError ? 0 : query.data?.totalRows;
  const lastPage = lastPageOf(totalRows ?? 0, pageSize);
  const outOfRange = useRef(onPageOutOfRange);
  outOfRange.current = onPageOutOfRange;
  useEffect(() => {
    if (loaded && page > lastPage) outOfRange.current(lastPage);
  }, [loaded, page, lastPage]);

  return {
    page,
    pageSize,
    lastPage,
    /** undefined until the first answer (never a misleading 0 while loading). */
    totalRows,
    rows: query.isError ? [] : (query.data?.result ?? []),
    /** The rows of exactly this page, once they are in (not the previous page's placeholder). */
    pageRows: loaded ? query.data.result : undefined,
    /** Nothing to show yet: the first page is on its way. */
    isPending: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError,
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
    retry: () => void query.refetch(),
  };
}

export type TPagedList<T> = ReturnType<typeof usePagedList<T>>;
