import { type APIRequestContext, expect } from '@playwright/test';

/** A unique suffix for names created by a test run (runs share one server). */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Creates a student profile through the API as whoever `request` is signed in as (the page's
 * session): the profile belongs to that account.
 */
export async function createStudent(request: APIRequestContext, firstName: string): Promise<number> {
  const res = await request.post('/api/StudentInfo/add', {
    data: {
      firstName,
      lastName: 'Testova',
      passportSeries: 'AB',
      passportNumber: String(1_000_000 + Math.floor(Math.random() * 8_999_999)),
      gender: 1,
      dateOfBirth: '2005-04-12',
      email: `${firstName.toLowerCase()}@mail.test`,
      address: 'Navoi street 1',
      city: 'Tashkent',
      postCode: '100000',
      race: 'Uzbek',
      phoneNumber: '+998901234567',
      country: 0,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id;
}
