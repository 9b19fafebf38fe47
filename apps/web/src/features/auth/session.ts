import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES, type TMe } from '@uniapply/shared';
import { api } from '../../lib/api';
import { writeStorage } from '../../lib/storage';

export const meQueryKey = ['auth', 'me'] as const;
/** The signed-in user's record, cached for other parts of the page (spec 4: Session). */
export const USER_CACHE_KEY = 'userClientInfo';

/**
 * The session probe. A 401 just means "signed out"; any other failure also clears the user
 * (spec 4: a missing session or any error clears the user and the cache).
 */
export async function fetchMe(): Promise<TMe | null> {
  try {
    const me = await api.get<TMe>('/auth/me', { allowUnauthorized: true });
    if (!isMe(me)) throw new Error('Unexpected /auth/me answer');
    writeStorage(USER_CACHE_KEY, JSON.stringify(me));
    return me;
  } catch {
    writeStorage(USER_CACHE_KEY, null);
    return null;
  }
}

// A hand check rather than ZMe.parse: zod is not part of the landing page's first download.
function isMe(v: unknown): v is TMe {
  const me = v as TMe | null;
  return (
    typeof me === 'object' &&
    me !== null &&
    typeof me.userId === 'number' &&
    typeof me.firstName === 'string' &&
    typeof me.lastName === 'string' &&
    (ROLES as readonly string[]).includes(me.role)
  );
}

export function useSession(): { user: TMe | null; isLoading: boolean } {
  const query = useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: Number.POSITIVE_INFINITY });
  return { user: query.data ?? null, isLoading: query.isPending };
}

/** Ends the session on the server, then forgets everything cached for this user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/auth/logout', undefined, { allowUnauthorized: true }),
    onSettled: () => {
      writeStorage(USER_CACHE_KEY, null);
      // Another user may sign in next in this tab: drop everything fetched for this one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
