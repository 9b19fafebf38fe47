import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { intakesByCourse, type TIntakeAvailability, type TIntakeAvailabilityList } from '@uniapply/shared';
import { api } from '../../lib/api';

// The availability of intakes (issue 21 item 3): its own call beside the catalogue's lists, since
// it moves with the clock and with every confirm; kept fresh for a minute.

export const intakeKeys = {
  all: ['intakeAvailability'] as const,
  courses: (ids: readonly number[]) => ['intakeAvailability', [...ids].sort((a, b) => a - b)] as const,
};

const NONE = new Map<number, TIntakeAvailability[]>();

/**
 * The coming intakes of the listed university courses, by course id (`byCourse`). Until it answers
 * (or when it fails) a course shows no intake, as before intakes existed; the API still checks at
 * confirm. `settled` is false while the listed courses' own answer is awaited (the previous list's
 * intakes may be shown meanwhile): a choice that depends on a course's intakes waits for it.
 */
export function useIntakeAvailability(universityCourseIds: readonly number[]) {
  const ids = [...new Set(universityCourseIds)];
  const query = useQuery({
    queryKey: intakeKeys.courses(ids),
    queryFn: ({ signal }) =>
      api.get<TIntakeAvailabilityList>(`/IntakeAvailability?universityCourseIds=${ids.join(',')}`, {
        signal,
      }),
    enabled: ids.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    select: (data) => intakesByCourse(data.result),
  });
  const settled = ids.length === 0 || query.isError || (query.isSuccess && !query.isPlaceholderData);
  return { byCourse: query.data ?? NONE, settled };
}
