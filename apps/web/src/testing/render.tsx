import { MantineProvider } from '@mantine/core';
import { cleanNotifications, Notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMe } from '@uniapply/shared';
import type { ReactNode } from 'react';
import { BrowserRouter, type InitialEntry, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { cssVariablesResolver, theme } from '../app/theme';
import { createI18n } from '../lib/i18n';
import { installNavigationHold } from '../lib/navigation-hold';
import { json, mockApi, problem, type THandlers } from './fake-api';

// The web tests' one way to render: the real providers, router and screens; only fetch is fake
// (fake-api.ts). `renderApp` renders the whole app at an address, `renderScreen` one screen.

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

/** The router's address as a status output the test can read ('current address'). */
function AddressDisplay({ withSearch }: { withSearch: boolean }) {
  const { pathname, search } = useLocation();
  return <output aria-label="current address">{withSearch ? `${pathname}${search}` : pathname}</output>;
}

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

type TAppOptions = {
  /** The signed-in user (null: signed out). */
  me?: TMe | null;
  /** Stored language (null: none stored). */
  language?: string | null;
  handlers?: THandlers;
  /** Show the query string in 'current address' too. */
  withSearch?: boolean;
  /**
   * Render under BrowserRouter (the app's router) on jsdom's real history, `entry` pushed as a new
   * entry, so the browser's Back and Forward (`window.history.back()`) reach the app.
   */
  browserHistory?: boolean;
};

/** The whole app at `entry` (a path, or a path with navigation state). */
export async function renderApp(entry: InitialEntry, options: TAppOptions = {}) {
  const { me = null, language = 'en', handlers = {}, withSearch = false, browserHistory = false } = options;
  if (language) window.localStorage.setItem('appLanguage', language);
  const fetchMock = mockApi({
    'GET /api/auth/me': () => (me ? json(me) : problem(401, 'Sign in to continue.')),
    // Issue 18: every student and agent shell reads its stored notifications (the bell's count).
    'GET /api/UserNotification/list': () => json({ items: [], unread: 0 }),
    ...handlers,
  });
  const i18n = await createI18n();
  const queryClient = testQueryClient();
  installNavigationHold();
  if (browserHistory) window.history.pushState(null, '', typeof entry === 'string' ? entry : entry.pathname);
  const view = render(
    <Providers i18n={i18n} queryClient={queryClient}>
      {/* Mantine's test mode: jsdom has no layout, so dropdowns would count as scrolled out of view. */}
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        {browserHistory ? (
          <BrowserRouter>
            <AppRoutes />
            <AddressDisplay withSearch={withSearch} />
          </BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[entry]}>
            <AppRoutes />
            <AddressDisplay withSearch={withSearch} />
          </MemoryRouter>
        )}
      </MantineProvider>
    </Providers>,
  );
  return { ...view, fetchMock, i18n, queryClient, user: userEvent.setup() };
}

/** One screen component at `path` (default /screen; other addresses render 'elsewhere'). */
export async function renderScreen(
  page: ReactNode,
  {
    path = '/screen',
    handlers = {},
    language = 'en',
  }: { path?: InitialEntry; handlers?: THandlers; language?: string } = {},
) {
  window.localStorage.setItem('appLanguage', language);
  const fetchMock = mockApi(handlers);
  const i18n = await createI18n();
  await i18n.loadNamespaces(['crud', 'catalogue', 'enums', 'validation']);
  const view = render(
    <Providers i18n={i18n} queryClient={testQueryClient()}>
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
        <AddressDisplay withSearch />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, fetchMock, user: userEvent.setup() };
}

export const resetNotifications = () => act(() => cleanNotifications());
