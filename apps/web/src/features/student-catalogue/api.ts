import { useQuery } from '@tanstack/react-query';
import type { TNamed } from '@uniapply/shared';
import { resourceKeys, resources } from '../../lib/resources';

// Read-only catalogue queries for the student screens, through the one resource client: the same
// cache keys as the maintenance screens, so an admin's edit refreshes both. The paged lists use
// the shared paged-list hook (components/paged-list).

export type TPicklistBase = 'University' | 'CourseLevel' | 'CourseCategory';

/** Every row of a small catalogue table, for a picker (`GET /{base}/allAsync`). */
export function usePicklist(base: TPicklistBase) {
  return useQuery({
    queryKey: resourceKeys.allRows(base),
    queryFn: ({ signal }) => resources.getAll<TNamed>(base, { signal }),
    staleTime: 5 * 60_000,
  });
}
