import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  simpleFilter,
  type TFilter,
  type TNamed,
  type TPagedResult,
  type TUniversity,
  type TUniversityCourse,
} from '@uniapply/shared';
import { api } from '../../lib/api';

// Read-only catalogue queries for the student screens. Keys start with 'studentCatalogue' so
// they never collide with the admin maintenance screens' own caches of the same resources.

type TPage = { filter: TFilter; page: number; pageSize: number };

const fetchPage = <T>(base: string, body: TPage, signal: AbortSignal) =>
  api.post<TPagedResult<T>>(`/${base}/getListByPage`, body, { signal });

/** One page of universities whose name contains `name` (1-based `page`). */
export function useUniversityPage(name: string, page: number, pageSize: number) {
  const body: TPage = { filter: simpleFilter('name', 'CONTAINS', name.trim()), page: page - 1, pageSize };
  return useQuery({
    queryKey: ['studentCatalogue', 'University', 'page', body],
    queryFn: ({ signal }) => fetchPage<TUniversity>('University', body, signal),
    // Keep the current cards on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useUniversityCoursePage(filter: TFilter, page: number, pageSize: number) {
  const body: TPage = { filter, page: page - 1, pageSize };
  return useQuery({
    queryKey: ['studentCatalogue', 'UniversityCourse', 'page', body],
    queryFn: ({ signal }) => fetchPage<TUniversityCourse>('UniversityCourse', body, signal),
    placeholderData: keepPreviousData,
  });
}

export type TPicklistBase = 'University' | 'CourseLevel' | 'CourseCategory';

/** Every row of a small catalogue table, for a picker (`GET /{base}/allAsync`). */
export function usePicklist(base: TPicklistBase) {
  return useQuery({
    queryKey: ['studentCatalogue', base, 'all'],
    queryFn: ({ signal }) => api.get<TNamed[]>(`/${base}/allAsync`, { signal }),
    staleTime: 5 * 60_000,
  });
}
