import type { QueryClient } from '@tanstack/react-query';
import type { TFilter, TPagedResult, TPosition } from '@uniapply/shared';
import { ApiError, api } from './api';

// The one client of the generic resource API (spec 7.1: the verbs every base answers) and the one
// scheme of cache keys for it. Every screen that reads a resource, the maintenance screens and the
// student lists alike, asks through here, so a save anywhere refreshes every list of that base:
// `invalidateQueries({ queryKey: resourceKeys.all(base) })`.

/** A `getListByPage` request as it goes over the wire: zero-based page (spec 7.2). */
export type TListRequest = { filter: TFilter; page: number; pageSize: number };

export const resourceKeys = {
  /** Everything cached for a base: invalidate this after a write. */
  all: (base: string) => ['resource', base] as const,
  lists: (base: string) => ['resource', base, 'list'] as const,
  list: (base: string, request: TListRequest) => ['resource', base, 'list', request] as const,
  /** The whole table (`allAsync`), for pickers. */
  allRows: (base: string) => ['resource', base, 'all'] as const,
};

/**
 * The catalogue's bases: an answer of one shows rows of others (a university course names its
 * course, level and university), as the API's catalogue cache knows (one version for all of them).
 */
const CATALOGUE_BASES = [
  'DocumentType',
  'CourseLevel',
  'CourseCategory',
  'Course',
  'University',
  'UniversityCourse',
];

/** After a write to `base`: its cached queries, and for a catalogue base every catalogue base's, refetch. */
export async function invalidateAfterWrite(client: QueryClient, base: string): Promise<void> {
  const bases = CATALOGUE_BASES.includes(base) ? CATALOGUE_BASES : [base];
  await Promise.all(bases.map((b) => client.invalidateQueries({ queryKey: resourceKeys.all(b) })));
}

type TSignal = { signal?: AbortSignal };

/** Where a write goes: POST {base}/{path} by default, or PUT for the resources with their own routes. */
export type TWriteTarget = { method?: 'POST' | 'PUT'; path: string };

export const resources = {
  getListByPage: <T>(base: string, request: TListRequest, { signal }: TSignal = {}) =>
    api.post<TPagedResult<T>>(`/${base}/getListByPage`, request, { signal }),
  /** Where row `id` stands in the list `request` gives (0-based index and page), or nulls. */
  positionOf: (base: string, request: Omit<TListRequest, 'page'> & { id: number }) =>
    api.post<TPosition>(`/${base}/positionOf`, request),
  getAll: <T>(base: string, { signal }: TSignal = {}) => api.get<T[]>(`/${base}/allAsync`, { signal }),
  /**
   * An add: one fresh Idempotency-Key per call (one user action); when the answer is lost on the
   * way (network error, time-out) it is sent once more with the same key, so it adds one row.
   */
  create: async <T>(base: string, body: unknown, target: TWriteTarget = { path: 'add' }) => {
    const idempotencyKey = newIdempotencyKey();
    try {
      return await write<T>(base, body, target, idempotencyKey);
    } catch (err) {
      if (!(err instanceof ApiError) || (err.code !== 'network' && err.code !== 'timeout')) throw err;
      return write<T>(base, body, target, idempotencyKey);
    }
  },
  update: <T>(base: string, body: unknown, target: TWriteTarget = { path: 'update' }) =>
    write<T>(base, body, target),
  delete: (base: string, id: number) => api.post<unknown>(`/${base}/delete`, { id }),
};

function write<T>(
  base: string,
  body: unknown,
  { method = 'POST', path }: TWriteTarget,
  idempotencyKey?: string,
) {
  const options = idempotencyKey ? { idempotencyKey } : undefined;
  return method === 'PUT'
    ? api.put<T>(`/${base}/${path}`, body, options)
    : api.post<T>(`/${base}/${path}`, body, options);
}

/** 128 random bits as hex (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
