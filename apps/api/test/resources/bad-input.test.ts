import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import {
  client,
  seedCatalogue,
  studentInfoBody,
  type TClient,
  type TResponse,
  universityCourseBody,
} from './helpers.js';

// Issue 8 items 4, 9, 18: bad data is a 400 (never a 500, never silently stored), ids are
// canonical integers, numbers are plain JSON numbers, and every problem carries a machine `code`
// with an English message (never a raw i18n key).

let t: TestApp;
let admin: TClient;
let student: TClient;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let profileId: number;

type TProblem = {
  status: number;
  code: string;
  message: string;
  params?: Record<string, unknown>;
  errors?: { path: string; code: string; message: string; params?: Record<string, unknown> }[];
};
const problem = (res: TResponse) => {
  expect(res.contentType).toContain('application/problem+json');
  const body = res.body as TProblem;
  expect(body.message).not.toMatch(/\b(validation|filter)\.[a-zA-Z]+/);
  for (const e of body.errors ?? []) expect(e.message).not.toMatch(/^(validation|filter)\./);
  return body;
};
const fieldCodes = (res: TResponse) =>
  Object.fromEntries((problem(res).errors ?? []).map((e) => [e.path, e.code]));

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'bad.admin@resources.test', 'Admin'));
  student = client(t, await signInAs(t, 'bad.student@resources.test', 'Student'));
  cat = await seedCatalogue(admin, 'Bad');
  const res = await student.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Bad'));
  expect(res.status).toBe(200);
  profileId = (res.body as { id: number }).id;
});
afterAll(() => t?.close());

describe('item 4: dates are bounded, bad data is a 400', () => {
  it.each([
    ['0000-01-01', 'birthDate'],
    ['1899-12-31', 'birthDate'],
    ['2999-01-01', 'birthDate'],
  ])('birth date %s is a 400 (%s)', async (dateOfBirth, code) => {
    const res = await student.post(`/StudentInfo/CreateOrUpdate?studentId=0`, {
      ...studentInfoBody('Bad'),
      dateOfBirth,
    });
    expect(res.status).toBe(400);
    expect(problem(res).code).toBe('validation');
    expect(fieldCodes(res)).toEqual({ 'body.dateOfBirth': code });
  });

  it('exam year must lie between 1950 and next year', async () => {
    const next = new Date().getUTCFullYear() + 1;
    const ok = await student.post(`/Language/CreateOrUpdate?studentId=${profileId}`, {
      studentId: profileId,
      languageType: 1,
      result: '7',
      yearOfExam: next,
    });
    expect(ok.status).toBe(200);
    for (const yearOfExam of [1949, next + 1]) {
      const res = await student.post(`/Language/CreateOrUpdate?studentId=${profileId}`, {
        studentId: profileId,
        languageType: 1,
        result: '7',
        yearOfExam,
      });
      expect(res.status).toBe(400);
      expect(fieldCodes(res)).toEqual({ 'body.yearOfExam': 'year' });
    }
  });

  it('experience `from` after `to` and year 0000 are 400s', async () => {
    const base = { studentId: profileId, company: 'Co', position: 'Dev' };
    const order = await student.post(`/Experience/CreateOrUpdate?studentId=${profileId}`, {
      ...base,
      from: '2021-01-01',
      to: '2020-01-01',
    });
    expect(order.status).toBe(400);
    expect(fieldCodes(order)).toEqual({ 'body.to': 'dateOrder' });
    const zero = await student.post(`/Experience/CreateOrUpdate?studentId=${profileId}`, {
      ...base,
      from: '0000-01-01',
      to: '2020-01-01',
    });
    expect(zero.status).toBe(400);
    expect(fieldCodes(zero)).toEqual({ 'body.from': 'date' });
  });
});

describe('item 4: ids are canonical positive integers', () => {
  it.each(['1e3', '0x10', '01', '0', '-1', '1.0', ' 1', '2147483648'])(
    'GET /StudentInfo/%s is a 400',
    async (id) => {
      const res = await admin.get(`/StudentInfo/${encodeURIComponent(id)}`);
      expect(res.status).toBe(400);
      expect(problem(res).code).toBe('validation');
    },
  );

  it('a canonical path id still works', async () => {
    const res = await admin.get(`/StudentInfo/${profileId}`);
    expect(res.status).toBe(200);
  });

  it.each([[true], ['1'], [1.5], [[1]], [null], [0]])('delete {"id": %j} is a 400', async (id) => {
    const res = await admin.post('/DocumentType/delete', { id });
    expect(res.status).toBe(400);
    expect(problem(res).code).toBe('validation');
    expect(Object.keys(fieldCodes(res))).toEqual(['body.id']);
  });

  it('the 0 sentinels keep their meaning: studentId=0 on CreateOrUpdate, agentId 0', async () => {
    const res = await student.post(`/StudentInfo/CreateOrUpdate?studentId=0`, studentInfoBody('Bad'));
    expect(res.status).toBe(200);
    expect((res.body as { id: number }).id).toBe(profileId);
    // agentId 0 means "no agent" (issue 9): stored and read back as null; alone it selects nothing.
    const other = await student.post(`/OtherInfo/CreateOrUpdate?studentId=${profileId}`, {
      studentId: profileId,
      agentId: 0,
    });
    expect(other.status).toBe(400);
    expect(fieldCodes(other)).toEqual({ body: 'selectOne' });
    const saved = await student.post(`/OtherInfo/CreateOrUpdate?studentId=${profileId}`, {
      studentId: profileId,
      friends: true,
      agentId: 0,
    });
    expect((saved.body as { agentId: unknown }).agentId).toBeNull();
  });

  it.each(['1e1', '0x1', '01'])('a query studentId %s is a 400', async (studentId) => {
    const res = await student.post(
      `/StudentInfo/CreateOrUpdate?studentId=${studentId}`,
      studentInfoBody('Bad'),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(fieldCodes(res))).toEqual(['querystring.studentId']);
  });
});

describe('item 9: JSON numbers are plain numbers, never coerced', () => {
  it.each([
    ['price', null],
    ['price', []],
    ['price', '  '],
    ['price', true],
    ['price', [[5]]],
    ['price', '5'],
    ['duration', '12'],
    ['requiredScore', null],
    ['currency', '0'],
  ])('%s = %j is a 400 and stores nothing', async (field, value) => {
    const before = await admin.post('/UniversityCourse/count', null);
    const res = await admin.post('/UniversityCourse/add', {
      ...universityCourseBody(cat.universityId, cat.courseId),
      [field]: value,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(fieldCodes(res))).toEqual([`body.${field}`]);
    const after = await admin.post('/UniversityCourse/count', null);
    expect(after.body).toBe(before.body);
  });

  it('a missing price says required', async () => {
    const { price: _price, ...body } = universityCourseBody(cat.universityId, cat.courseId);
    const res = await admin.post('/UniversityCourse/add', body);
    expect(res.status).toBe(400);
    expect(fieldCodes(res)).toEqual({ 'body.price': 'required' });
  });

  it.each([{ page: [7] }, { page: '1' }, { pageSize: true }, { page: 1.5 }])(
    'list request %j is a 400',
    async (body) => {
      const res = await admin.post('/University/getListByPage', body);
      expect(res.status).toBe(400);
      expect(problem(res).code).toBe('validation');
    },
  );

  it('query numbers still arrive as text: ?stage=3 works', async () => {
    const res = await student.post(`/StudentInfo/CreateOrUpdate?studentId=0&stage=3`, studentInfoBody('Bad'));
    expect(res.status).toBe(200);
  });
});

describe('item 7: text drops control characters and bidi overrides', () => {
  it('single-line text loses them; multi-line text keeps its newlines', async () => {
    const res = await admin.post('/University/add', {
      name: 'Evil\u202Egnp.exe\u0007 Uni',
      email: 'info@uni.test',
      phone: '+60 3 1234 5678',
      fax: '+60 3 1234 5679',
      address: 'Line 1\r\nLine 2\u2066\tend',
      description: 'a\u0001b',
      website: 'uni.test',
    });
    expect(res.status).toBe(200);
    const row = res.body as { name: string; address: string; description: string };
    expect(row.name).toBe('Evilgnp.exe Uni');
    expect(row.address).toBe('Line 1\nLine 2 end');
    expect(row.description).toBe('ab');
  });

  it('a name made only of control characters is required', async () => {
    const res = await admin.post('/DocumentType/add', { name: '\u202E\u0001' });
    expect(res.status).toBe(400);
    expect(fieldCodes(res)).toEqual({ 'body.name': 'required' });
  });
});

describe('item 18: problems carry a machine code and English text', () => {
  it('a too-large path id says tooLarge with its limit, in English', async () => {
    const res = await admin.get('/StudentInfo/99999999999');
    const body = problem(res);
    expect(body.code).toBe('validation');
    expect(body.errors).toEqual([
      { path: 'params.id', code: 'tooLarge', message: expect.any(String), params: { max: 2147483647 } },
    ]);
  });

  it('a too-long name says tooLong with params.max', async () => {
    const res = await admin.post('/DocumentType/add', { name: 'x'.repeat(101) });
    expect(problem(res).errors).toEqual([
      {
        path: 'body.name',
        code: 'tooLong',
        message: 'This text is too long (at most 100 characters).',
        params: { max: 100 },
      },
    ]);
  });

  it('notFound, forbidden, unauthorized, inUse, conflict', async () => {
    expect(problem(await admin.get('/StudentInfo/2147483647')).code).toBe('notFound');
    expect(problem(await student.post('/DocumentType/add', { name: 'X' })).code).toBe('forbidden');
    expect(problem(await client(t, null).get('/StudentInfo/1')).code).toBe('unauthorized');
    expect(problem(await admin.get('/NoSuchThing')).code).toBe('notFound');
    const used = await admin.post('/University/delete', { id: cat.universityId });
    expect(used.status).toBe(409);
    expect(problem(used)).toMatchObject({ code: 'inUse', params: { uses: expect.any(Array) } });
    const dup = await student.post('/StudentInfo/add', studentInfoBody('Dup'));
    expect(dup.status).toBe(409);
    expect(problem(dup).code).toBe('conflict');
  });

  it('a cross-site write is crossSite', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DocumentType/add',
      headers: { origin: 'https://evil.test', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'crossSite' });
  });
});
