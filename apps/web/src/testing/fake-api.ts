import type { TFilter } from '@uniapply/shared';
import { vi } from 'vitest';
import { matchesFilter } from './fake-filter';

// The web tests' one fake API: `fetch` is the only thing replaced; everything above it (the API
// client, TanStack Query, the screens) is the real code.

/** `url` is the whole address asked for (with its query string). */
export type THandler = (init: RequestInit | undefined, url?: string) => Response | Promise<Response>;
export type THandlers = Record<string, THandler>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
export const problem = (status: number, message: string, errors?: unknown[]) =>
  new Response(JSON.stringify({ status, title: 'Error', message, errors }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
export const noContent = () => new Response(null, { status: 204 });

/**
 * A fake API: `handlers` maps 'METHOD /api/path' to a response. Unlisted calls answer 404, so a
 * test notices calls it did not expect.
 */
export function mockApi(handlers: THandlers) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = handlers[key];
    return handler ? handler(init, url) : problem(404, `No route ${key}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type TFetchMock = ReturnType<typeof mockApi>;

/** Calls the fake API received, as 'METHOD /path' with the parsed JSON body. */
export function apiCalls(fetchMock: TFetchMock) {
  return fetchMock.mock.calls.map(([input, init]) => ({
    call: `${init?.method ?? 'GET'} ${String(input)}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
}

/** Bodies of the POSTs made to `path` (e.g. '/University/getListByPage') so far, oldest first. */
export function bodiesOf(fetchMock: TFetchMock, path: string) {
  return apiCalls(fetchMock)
    .filter((c) => c.call === `POST /api${path}`)
    .map((c) => c.body);
}

type TListBody = { filter?: TFilter; page: number; pageSize: number };

/** The list requests a screen made for `base`, as { filter, page, pageSize } bodies. */
export const listRequests = (fetchMock: TFetchMock, base: string) =>
  bodiesOf(fetchMock, `/${base}/getListByPage`) as TListBody[];

/** A response the test releases when it is ready (to look at the loading state). */
export function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const bodyOf = <T>(init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as T;

type TStoredRow = { id: number } & Record<string, unknown>;

/**
 * A resource `base` over `rows`, answering like the server: `getListByPage` with the server's
 * filter semantics (see fake-filter.ts), zero-based pages and `totalRows`; `allAsync`; `find`; add,
 * update and delete.
 */
export function fakeResource<TRow extends TStoredRow>(base: string, rows: TRow[]) {
  const store = { rows: [...rows], nextId: Math.max(0, ...rows.map((r) => r.id)) + 1 };
  const handlers: THandlers = {
    [`POST /api/${base}/getListByPage`]: (init) => {
      const { filter, page, pageSize } = bodyOf<TListBody>(init);
      const matching = store.rows.filter((r) => matchesFilter(r, filter));
      return json({
        result: matching.slice(page * pageSize, (page + 1) * pageSize),
        totalRows: matching.length,
      });
    },
    [`GET /api/${base}/allAsync`]: () => json(store.rows),
    // positionOf (issue 20): where row `id` stands in the filtered list (id order), or null.
    [`POST /api/${base}/positionOf`]: (init) => {
      const { filter, pageSize, id } = bodyOf<TListBody & { id: number }>(init);
      const matching = store.rows.filter((r) => matchesFilter(r, filter)).sort((a, b) => a.id - b.id);
      const index = matching.findIndex((r) => r.id === id);
      return json(index < 0 ? { index: null, page: null } : { index, page: Math.floor(index / pageSize) });
    },
    // find by field (spec 7.2), e.g. { studentId: 7 }: the rows whose fields equal every given one
    [`POST /api/${base}/find`]: (init) => {
      const by = bodyOf<Record<string, unknown>>(init);
      return json(store.rows.filter((r) => Object.entries(by).every(([k, v]) => r[k] === v)));
    },
    [`POST /api/${base}/add`]: (init) => {
      const row = { ...bodyOf<TRow>(init), id: store.nextId++ };
      store.rows.push(row);
      return json(row);
    },
    [`POST /api/${base}/update`]: (init) => {
      const row = bodyOf<TRow>(init);
      store.rows = store.rows.map((r) => (r.id === row.id ? row : r));
      return json(row);
    },
    [`POST /api/${base}/delete`]: (init) => {
      const { id } = bodyOf<{ id: number }>(init);
      store.rows = store.rows.filter((r) => r.id !== id);
      return json({ id });
    },
  };
  return { store, handlers };
}

export const namedRows = (count: number, name = 'Item') =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `${name} ${i + 1}` }));
