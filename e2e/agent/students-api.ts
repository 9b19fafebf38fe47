import { type APIRequestContext, expect } from '@playwright/test';

/** A unique suffix for names created by a test run (runs share one server). */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Creates a student profile through the API as whoever `request` is signed in as (the page's
 * session): the profile belongs to that account.
 */
export async function createStudent(
  request: APIRequestContext,
  firstName: string,
  email = `${firstName.toLowerCase()}@mail.test`,
): Promise<number> {
  const res = await request.post('/api/StudentInfo/add', {
    data: {
      firstName,
      lastName: 'Testova',
      passportSeries: 'AB',
      passportNumber: String(1_000_000 + Math.floor(Math.random() * 8_999_999)),
      gender: 1,
      dateOfBirth: '2005-04-12',
      email,
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

/**
 * A student as the wizard's first steps save them (CreateOrUpdate with the next stage): the
 * profile (stage 2), the guardian (stage 3) and, unless `upTo` is 3, the emergency contact (stage 4).
 * `names`: another last name than Testova, and the e-mail's local part (by default the first
 * name's, which only a Latin first name makes a valid address).
 */
export async function createStudentWithContacts(
  request: APIRequestContext,
  firstName: string,
  upTo: 3 | 4 = 4,
  names: { lastName?: string; mailbox?: string } = {},
): Promise<number> {
  const mailbox = names.mailbox ?? firstName.toLowerCase();
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: number }> => {
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { id: number };
  };
  const info = await ok(
    await request.post('/api/StudentInfo/CreateOrUpdate?stage=2&studentId=0', {
      data: {
        firstName,
        lastName: names.lastName ?? 'Testova',
        passportSeries: 'AB',
        passportNumber: String(1_000_000 + Math.floor(Math.random() * 8_999_999)),
        gender: 1,
        dateOfBirth: '2005-04-12',
        email: `${mailbox}@mail.test`,
        address: 'Navoi street 1',
        city: 'Tashkent',
        postCode: '100000',
        race: 'Uzbek',
        phoneNumber: '+998901234567',
        country: 0,
      },
    }),
  );
  const studentId: number = info.id;
  await ok(
    await request.post(`/api/StudentGuardian/CreateOrUpdate?stage=3&studentId=${studentId}`, {
      data: {
        studentId,
        firstName: 'Karim',
        lastName: 'Parentov',
        relationship: 0,
        occupation: 'Teacher',
        phoneNumber: '+998901234568',
        email: `${mailbox}.parent@mail.test`,
        address: 'Navoi street 1',
      },
    }),
  );
  if (upTo === 4)
    await ok(
      await request.post(`/api/EmergencyContact/CreateOrUpdate?stage=4&studentId=${studentId}`, {
        data: {
          studentId,
          firstName: 'Dilnoza',
          lastName: 'Friendova',
          relationship: 3,
          others: 'Neighbour',
          phoneNumber: '+998901234569',
        },
      }),
    );
  return studentId;
}
