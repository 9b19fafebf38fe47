import type { TFilter } from '@uniapply/shared';
import type { TestApp } from '../app.js';

// Request helpers and valid entity bodies for the resource API tests.

export type TResponse = { status: number; body: unknown; text: string; contentType: string };
export type TWho = { headers: { cookie: string } } | null;

/** A client acting as `who` (null: anonymous). */
export function client(t: TestApp, who: TWho) {
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<TResponse> => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: who?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body, text: res.body, contentType: String(res.headers['content-type']) };
  };
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown) => send('POST', url, payload),
    put: (url: string, payload?: unknown) => send('PUT', url, payload),
  };
}
export type TClient = ReturnType<typeof client>;

export const where = (
  field: string,
  operator: 'EQ' | 'CONTAINS' | 'LIKE' | 'BETWEEN',
  value: unknown,
): TFilter => ({
  operator: 'AND',
  conditions: [{ field, operator, value: value as never }],
  groups: [],
});

export const ids = (rows: unknown) => (rows as { id: number }[]).map((r) => r.id);

export const studentInfoBody = (marker: string) => ({
  firstName: marker,
  middleName: null,
  lastName: 'Tester',
  passportSeries: 'ab',
  passportNumber: '1234567',
  gender: 0,
  dateOfBirth: '2000-01-31',
  email: `${marker.toLowerCase()}@mail.test`,
  address: '1 Navoi Street',
  city: 'Tashkent',
  postCode: '100000',
  race: 'Uzbek',
  phoneNumber: '+998901234567',
  country: 0,
});

/** A valid body for each student record, marked with its owner's marker where there is text. */
export const childBodies: Record<
  string,
  (studentId: number, marker: string, universityCourseId: number) => object
> = {
  StudentGuardian: (studentId, marker) => ({
    studentId,
    firstName: marker,
    lastName: 'Parent',
    relationship: 0,
    occupation: 'Teacher',
    phoneNumber: '+998901234568',
    email: `${marker.toLowerCase()}.parent@mail.test`,
    address: '2 Navoi Street',
  }),
  EmergencyContact: (studentId, marker) => ({
    studentId,
    firstName: marker,
    lastName: 'Friend',
    relationship: 3,
    others: 'Neighbour',
    phoneNumber: '+998901234569',
  }),
  Experience: (studentId, marker) => ({
    studentId,
    company: `${marker} Company`,
    position: 'Intern',
    from: '2020-01-01',
    to: '2020-12-31',
  }),
  Language: (studentId, marker) => ({ studentId, languageType: 1, result: marker, yearOfExam: 2023 }),
  OtherInfo: (studentId, marker) => ({
    studentId,
    facebook: true,
    others: true,
    otherInfoDetails: `${marker} fair`,
  }),
  Qualification: (studentId, marker) => ({
    studentId,
    qualificationType: 4,
    yearOfExam: 2022,
    nameOfExamination: `${marker} exam`,
    nameOfInstitution: 'Lyceum',
    result: 'A',
  }),
  StudentCourse: (studentId, _marker, universityCourseId) => ({ studentId, universityCourseId }),
  Referee: (studentId, marker) => ({
    studentId,
    fullName: `${marker} Referee`,
    relationship: 'Teacher',
    email: `${marker.toLowerCase()}.referee@mail.test`,
    institution: 'Lyceum',
  }),
};

export const universityBody = (name: string) => ({
  name,
  email: 'info@uni.test',
  phone: '+60 3 1234 5678',
  fax: '+60 3 1234 5679',
  address: 'Kuala Lumpur',
  website: 'uni.test',
});

export const universityCourseBody = (universityId: number, courseId: number, price = 12000) => ({
  universityId,
  courseId,
  duration: 36,
  price,
  currency: 0,
  requiredLanguageId: 1,
  requiredScore: 6.5,
  website: 'https://uni.test/course',
  youtube: null,
});

/** Sets up a small catalogue as admin and returns its ids. */
export async function seedCatalogue(admin: TClient, tag: string) {
  const ok = async (p: Promise<TResponse>) => {
    const res = await p;
    if (res.status !== 200) throw new Error(`seeding failed: ${res.status} ${res.text}`);
    return (res.body as { id: number }).id;
  };
  const documentTypeId = await ok(admin.post('/DocumentType/add', { name: `${tag} Visa` }));
  const levelId = await ok(admin.post('/CourseLevel/add', { name: `${tag} Bachelor` }));
  const categoryId = await ok(admin.post('/CourseCategory/add', { name: `${tag} Computing` }));
  const courseId = await ok(
    admin.post('/Course/addCourse', { name: `${tag} Software`, levelId, categoryId }),
  );
  const universityId = await ok(admin.post('/University/add', universityBody(`${tag} University`)));
  const universityCourseId = await ok(
    admin.post('/UniversityCourse/AddUniversityCourse', universityCourseBody(universityId, courseId)),
  );
  const notificationId = await ok(
    admin.post('/Notification/add', {
      isNotified: false,
      notificationData: {
        fullName: 'Some Body',
        universityName: `${tag} University`,
        courseName: `${tag} Software`,
      },
    }),
  );
  return { documentTypeId, levelId, categoryId, courseId, universityId, universityCourseId, notificationId };
}
