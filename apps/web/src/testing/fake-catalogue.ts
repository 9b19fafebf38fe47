import type { TExchangeRate, TIntakeAvailability, TUniversity, TUniversityCourse } from '@uniapply/shared';
import type { InitialEntry } from 'react-router';
import { json, type THandlers } from './fake-api';
import { DEMO_USERS, renderApp } from './render';

// The student catalogue's sample rows and answers (issue 19 item 2: moved here from the feature's
// folder, which product code alone may fill).

/** The whole app signed in as the demo student at `entry` (which may carry navigation state). */
export const renderAsStudent = (entry: InitialEntry, handlers: THandlers, language = 'en') =>
  renderApp(entry, { me: DEMO_USERS.Student, handlers, language, withSearch: true });

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

/** Rates the course screens convert with (issue 20 item 1): MYR and USD to UZS, USD to MYR. */
export const RATES: TExchangeRate[] = [
  { id: 1, fromCurrency: 3, toCurrency: 2, rate: '12850.0000000000', date: '2026-11-02', source: 'CBU' },
  { id: 2, fromCurrency: 0, toCurrency: 2, rate: '2900.0000000000', date: '2026-11-02', source: 'CBU' },
  { id: 3, fromCurrency: 3, toCurrency: 0, rate: '4.4300000000', date: '2026-11-02', source: 'BNM' },
];

export const catalogueHandlers = (overrides: THandlers = {}): THandlers => ({
  'GET /api/ExchangeRate/allAsync': () => json(RATES),
  'GET /api/University/allAsync': () => json(UNIVERSITIES),
  'GET /api/CourseLevel/allAsync': () => json(LEVELS),
  'GET /api/CourseCategory/allAsync': () => json(CATEGORIES),
  'POST /api/University/getListByPage': () => json({ result: UNIVERSITIES, totalRows: UNIVERSITIES.length }),
  'POST /api/UniversityCourse/getListByPage': () => json({ result: COURSES, totalRows: COURSES.length }),
  ...intakeHandlers([]),
  ...overrides,
});

/**
 * `GET /IntakeAvailability` over `intakes` (issue 21): those of the asked courses, as the server
 * lists them (course, then start order is the test's own order).
 */
export const intakeHandlers = (intakes: TIntakeAvailability[]): THandlers => ({
  'GET /api/IntakeAvailability': (_init, url = '') => {
    const asked = new URL(url, 'http://localhost').searchParams.get('universityCourseIds') ?? '';
    const ids = asked.split(',').map(Number);
    return json({ result: intakes.filter((i) => ids.includes(i.universityCourseId)) });
  },
});
