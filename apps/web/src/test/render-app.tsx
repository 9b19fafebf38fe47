import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMe } from '@uniapply/shared';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { createI18n } from '../lib/i18n';

export const DEMO_USERS = {
  Admin: {
    userId: 1,
    email: 'admin@demo.local',
    firstName: 'Dilnoza',
    lastName: 'Adminova',
    role: 'Admin',
    appLanguage: null,
  },
  Agent: {
    userId: 2,
    email: 'agent@demo.local',
    firstName: 'Timur',
    lastName: 'Rashidov',
    role: 'Agent',
    appLanguage: null,
  },
  Student: {
    userId: 3,
    email: 'student@demo.local',
    firstName: 'Aziza',
    lastName: 'Karimova',
    role: 'Student',
    appLanguage: null,
  },
} satisfies Record<string, TMe>;

type THandler = (init: RequestInit | undefined) => Response | Promise<Response>;

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
export function mockApi(handlers: Record<string, THandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = handlers[key];
    return handler ? handler(init) : problem(404, `No route ${key}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls the fake API received, as 'METHOD /path' with the parsed JSON body. */
export function apiCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.map(([input, init]) => ({
    call: `${init?.method ?? 'GET'} ${String(input)}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
}

function LocationDisplay() {
  const location = useLocation();
  return <output aria-label="current address">{location.pathname}</output>;
}

/** The whole app at `path`, with the given session (null: signed out) and stored language. */
export async function renderApp(
  path: string,
  options: { me?: TMe | null; language?: string | null; handlers?: Record<string, THandler> } = {},
) {
  const { me = null, language = 'en', handlers = {} } = options;
  if (language) window.localStorage.setItem('appLanguage', language);
  const fetchMock = mockApi({
    'GET /api/auth/me': () => (me ? json(me) : problem(401, 'Sign in to continue.')),
    ...handlers,
  });
  const i18n = await createI18n();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <Providers i18n={i18n} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationDisplay />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, fetchMock, i18n, queryClient, user: userEvent.setup() };
}
