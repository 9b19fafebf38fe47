import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUniversity, TUniversityCourse } from '@uniapply/shared';
import { type InitialEntry, MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../../app/providers';
import { AppRoutes } from '../../app/routes';
import { cssVariablesResolver, theme } from '../../app/theme';
import { createI18n } from '../../lib/i18n';
import { apiCalls, DEMO_USERS, json, mockApi, problem } from '../../test/render-app';

// The page and its texts arrive as lazy chunks; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 });

type THandler = (init: RequestInit | undefined) => Response | Promise<Response>;

function AddressDisplay() {
  const { pathname, search } = useLocation();
  return <output aria-label="current address">{`${pathname}${search}`}</output>;
}

/**
 * The whole app signed in as the demo student at `entry`, which may carry navigation state
 * (the shared renderApp takes a plain path). Only fetch is fake.
 */
export async function renderAsStudent(
  entry: InitialEntry,
  handlers: Record<string, THandler>,
  language = 'en',
) {
  window.localStorage.setItem('appLanguage', language);
  const fetchMock = mockApi({ 'GET /api/auth/me': () => json(DEMO_USERS.Student), ...handlers });
  const i18n = await createI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <Providers i18n={i18n} queryClient={queryClient}>
      {/* Mantine's test mode: jsdom has no layout, so dropdowns would count as scrolled out of view. */}
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <MemoryRouter initialEntries={[entry]}>
          <AppRoutes />
          <AddressDisplay />
        </MemoryRouter>
      </MantineProvider>
    </Providers>,
  );
  return { ...view, fetchMock, user: userEvent.setup() };
}

/** Bodies of the calls made to `path` so far, oldest first. */
export function bodiesOf(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return apiCalls(fetchMock)
    .filter((c) => c.call === `POST /api${path}`)
    .map((c) => c.body);
}

export const UNIVERSITIES: TUniversity[] = [
  {
    id: 7,
    name: 'Universiti Malaya',
    description: "Malaysia's oldest university.",
    email: 'international@um.edu.my',
    phone: '+603-7967 7022',
    fax: '+603-7956 0027',
    address: 'Jalan Universiti, 50603 Kuala Lumpur',
    website: 'www.um.edu.my',
    youtube: 'youtube.com/@UniversitiMalaya',
    facebook: 'http://facebook.com/unimalaya',
    instagram: null,
    tiktok: '',
  },
  {
    id: 8,
    name: 'Taylor’s University',
    description: null,
    email: 'info@taylors.edu.my',
    phone: '+603-5629 5000',
    fax: '+603-5629 5001',
    address: 'Subang Jaya, Selangor',
    website: 'https://university.taylors.edu.my',
    youtube: null,
    instagram: 'https://instagram.com/taylorsuni',
    facebook: null,
    tiktok: 'tiktok.com/@taylors',
  },
];

const named = (id: number, name: string) => ({ id, name });

export const LEVELS = [named(1, 'Foundation'), named(3, "Bachelor's Degree")];
export const CATEGORIES = [named(4, 'Computing & IT'), named(5, 'Engineering')];

export const COURSES: TUniversityCourse[] = [
  {
    id: 31,
    universityId: 7,
    courseId: 2,
    duration: 36,
    price: 45000,
    currency: 0,
    requiredLanguageId: 1,
    requiredScore: 6.5,
    website: 'um.edu.my/cs',
    youtube: null,
    university: named(7, 'Universiti Malaya'),
    course: { id: 2, name: 'Bachelor of Computer Science', level: LEVELS[1]!, category: CATEGORIES[0]! },
  },
  {
    id: 32,
    universityId: 8,
    courseId: 3,
    duration: 12,
    price: 9800.5,
    currency: 3,
    requiredLanguageId: -1,
    requiredScore: 0,
    website: null,
    youtube: null,
    university: named(8, 'Taylor’s University'),
    course: { id: 3, name: 'Foundation in Engineering', level: LEVELS[0]!, category: CATEGORIES[1]! },
  },
];

export const catalogueHandlers = (overrides: Record<string, THandler> = {}): Record<string, THandler> => ({
  'GET /api/University/allAsync': () => json(UNIVERSITIES),
  'GET /api/CourseLevel/allAsync': () => json(LEVELS),
  'GET /api/CourseCategory/allAsync': () => json(CATEGORIES),
  'POST /api/University/getListByPage': () => json({ result: UNIVERSITIES, totalRows: UNIVERSITIES.length }),
  'POST /api/UniversityCourse/getListByPage': () => json({ result: COURSES, totalRows: COURSES.length }),
  ...overrides,
});

/** A response the test releases when it is ready (to look at the loading state). */
export function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

export { json, problem };
