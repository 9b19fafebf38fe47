import { MantineProvider } from '@mantine/core';
import { cleanNotifications, Notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_SIZE } from '@uniapply/shared';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers } from '../../app/providers';
import { theme } from '../../app/theme';
import { createI18n } from '../../lib/i18n';
import { json, mockApi, problem } from '../../test/render-app';
import type { TRow } from './define';

// Test helpers for screens built on CrudScreen: a fake resource API behind `fetch` (the only
// thing mocked) and the screen rendered in the app's providers at an address.

type THandler = (init: RequestInit | undefined) => Response | Promise<Response>;
type TListBody = {
  filter?: { conditions?: { field: string; value: unknown }[] };
  page: number;
  pageSize: number;
};

const bodyOf = <T,>(init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as T;

/** A resource `base` over `rows`: paged CONTAINS filtering, add, update and delete, like the API. */
export function fakeResource(base: string, rows: TRow[]) {
  const store = { rows: [...rows], nextId: Math.max(0, ...rows.map((r) => r.id)) + 1 };
  const handlers: Record<string, THandler> = {
    [`POST /api/${base}/getListByPage`]: (init) => {
      const { filter, page, pageSize } = bodyOf<TListBody>(init);
      const condition = filter?.conditions?.[0];
      const matching = condition
        ? store.rows.filter((r) =>
            String(r[condition.field] ?? '')
              .toLowerCase()
              .includes(String(condition.value).toLowerCase()),
          )
        : store.rows;
      return json({
        result: matching.slice(page * pageSize, (page + 1) * pageSize),
        totalRows: matching.length,
      });
    },
    [`GET /api/${base}/allAsync`]: () => json(store.rows),
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

function LocationDisplay() {
  const location = useLocation();
  return <output aria-label="current address">{`${location.pathname}${location.search}`}</output>;
}

/** `page` at `path` (default /screen) with the fake API `handlers`, in the given language. */
export async function renderScreen(
  page: ReactNode,
  {
    path = '/screen',
    handlers = {},
    language = 'en',
  }: { path?: string; handlers?: Record<string, THandler>; language?: string } = {},
) {
  window.localStorage.setItem('appLanguage', language);
  const fetchMock = mockApi(handlers);
  const i18n = await createI18n();
  await i18n.loadNamespaces(['crud', 'catalogue', 'enums', 'validation']);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <Providers i18n={i18n} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {/* env="test": no transitions, and no floating-ui "detached" hiding of dropdowns in jsdom. */}
          <Route
            path="/screen"
            element={
              <MantineProvider theme={theme} env="test">
                <Notifications />
                {page}
              </MantineProvider>
            }
          />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationDisplay />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, fetchMock, user: userEvent.setup() };
}

/** The list requests the screen made, as { filter, page } bodies. */
export function listRequests(fetchMock: ReturnType<typeof mockApi>, base: string) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input) === `/api/${base}/getListByPage`)
    .map(([, init]) => bodyOf<TListBody>(init));
}

export const resetNotifications = () => act(() => cleanNotifications());

export { json, PAGE_SIZE, problem };
