import {
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
  type TFilter,
  ZCourse,
  ZDocumentType,
  ZUniversityCourse,
} from '@uniapply/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentDocuments, studentInfos } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import {
  client,
  ids,
  seedCatalogue,
  studentInfoBody,
  type TClient,
  universityCourseBody,
  where,
} from './helpers.js';

// Every generic verb on a catalogue base (DocumentType), the Course and UniversityCourse routes,
// delete refusal and the 400s of bad input.

let t: TestApp;
let admin: TClient;
let student: TClient;
let studentHeaders: { cookie: string };
let cat: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'catalogue.admin@resources.test', 'Admin'));
  const signedIn = await signInAs(t, 'catalogue.student@resources.test', 'Student');
  studentHeaders = signedIn.headers;
  student = client(t, signedIn);
  cat = await seedCatalogue(admin, 'Cat');
});
afterAll(() => t?.close());

const problem = (res: { status: number; contentType: string; body: unknown }) => {
  expect(res.contentType).toContain('application/problem+json');
  return res.body as {
    status: number;
    code: string;
    message: string;
    errors?: { path: string; code: string; message: string; params?: Record<string, unknown> }[];
  };
};

describe('DocumentType: the 13 generic verbs', () => {
  let visaId: number;
  let photoId: number;

  it('add ignores a client id and returns the saved row', async () => {
    const res = await admin.post('/DocumentType/add', { id: 999, name: 'Passport Photo' });
    expect(res.status).toBe(200);
    const row = ZDocumentType.parse(res.body);
    expect(row).toEqual({ id: expect.any(Number), name: 'Passport Photo' });
    expect(row.id).not.toBe(999);
    photoId = row.id;
    visaId = cat.documentTypeId;
  });

  it('GET /{id} returns the row, 404 for a missing one, 400 for a non-number', async () => {
    expect((await student.get(`/DocumentType/${photoId}`)).body).toEqual({
      id: photoId,
      name: 'Passport Photo',
    });
    const missing = await student.get('/DocumentType/987654');
    expect(missing.status).toBe(404);
    expect(problem(missing).message).toContain('document type');
    expect(problem(missing).code).toBe('notFound');
    expect((await student.get('/DocumentType/abc')).status).toBe(400);
  });

  it('getId and getItem return the first match, or 404', async () => {
    const byName = where('NAME', 'CONTAINS', 'photo');
    expect((await student.post('/DocumentType/getId', byName)).body).toBe(photoId);
    expect((await student.post('/DocumentType/getItem', byName)).body).toEqual({
      id: photoId,
      name: 'Passport Photo',
    });
    const none = where('name', 'EQ', 'No such type');
    expect((await student.post('/DocumentType/getId', none)).status).toBe(404);
    expect((await student.post('/DocumentType/getItem', none)).status).toBe(404);
  });

  it('allAsync, find and findAsync list rows in id order', async () => {
    expect(ids((await student.get('/DocumentType/allAsync')).body)).toEqual([visaId, photoId]);
    expect((await student.post('/DocumentType/find', { name: 'Passport Photo' })).body).toEqual([
      { id: photoId, name: 'Passport Photo' },
    ]);
    expect(ids((await student.post('/DocumentType/findAsync', where('name', 'CONTAINS', 'a'))).body)).toEqual(
      [visaId, photoId],
    );
    // No body: no filter.
    expect(ids((await student.post('/DocumentType/findAsync')).body)).toEqual([visaId, photoId]);
  });

  it('getListByPage pages from zero and counts all matches', async () => {
    for (const name of ['Resume', 'Health Examination', 'Transcript']) {
      expect((await admin.post('/DocumentType/add', { name })).status).toBe(200);
    }
    const all = ids((await student.get('/DocumentType/allAsync')).body);
    const page = (p: number) =>
      student.post('/DocumentType/getListByPage', {
        filter: where('name', 'CONTAINS', ''),
        page: p,
        pageSize: 2,
      });
    const first = (await page(0)).body as { result: { id: number }[]; totalRows: number };
    const third = (await page(2)).body as { result: { id: number }[]; totalRows: number };
    expect(first.totalRows).toBe(5);
    expect(ids(first.result)).toEqual(all.slice(0, 2));
    expect(ids(third.result)).toEqual(all.slice(4));
    const filtered = await student.post('/DocumentType/getListByPage', {
      filter: where('name', 'CONTAINS', 'ion'),
      page: 0,
      pageSize: 10,
    });
    expect(filtered.body).toEqual({
      result: [expect.objectContaining({ name: 'Health Examination' })],
      totalRows: 1,
    });
    // Defaults: page 0, size 10.
    expect(
      ((await student.post('/DocumentType/getListByPage', {})).body as { totalRows: number }).totalRows,
    ).toBe(5);
  });

  it('count and countAsync count matches', async () => {
    expect((await student.post('/DocumentType/count', where('name', 'CONTAINS', 'pass'))).body).toBe(1);
    expect((await student.post('/DocumentType/countAsync', {})).body).toBe(5);
  });

  it('update changes the row; a missing id is 404; a duplicate name is 409', async () => {
    const res = await admin.post('/DocumentType/update', { id: photoId, name: 'Passport Photograph' });
    expect(res.body).toEqual({ id: photoId, name: 'Passport Photograph' });
    expect((await admin.post('/DocumentType/update', { id: 987654, name: 'x' })).status).toBe(404);
    const dup = await admin.post('/DocumentType/update', { id: photoId, name: 'RESUME' });
    expect(dup.status).toBe(409);
    expect(problem(dup).message).toContain('already exists');
    expect(problem(dup).code).toBe('conflict');
    expect((await admin.post('/DocumentType/add', { name: 'resume' })).status).toBe(409);
  });

  it('CreateOrUpdate adds without an id and updates with one', async () => {
    const added = await admin.post('/DocumentType/CreateOrUpdate', { name: 'Bank Statement' });
    expect(added.status).toBe(200);
    const id = (added.body as { id: number }).id;
    const updated = await admin.post('/DocumentType/CreateOrUpdate', { id, name: 'Bank Letter' });
    expect(updated.body).toEqual({ id, name: 'Bank Letter' });
    expect((await admin.post('/DocumentType/count', where('name', 'CONTAINS', 'bank'))).body).toBe(1);
  });

  it('delete removes the row; deleting it again is 404', async () => {
    const id = (await admin.post('/DocumentType/getId', where('name', 'EQ', 'Bank Letter'))).body as number;
    expect((await admin.post('/DocumentType/delete', { id })).status).toBe(200);
    expect((await student.get(`/DocumentType/${id}`)).status).toBe(404);
    expect((await admin.post('/DocumentType/delete', { id })).status).toBe(404);
  });

  it('refuses to delete a document type still in use, saying by what', async () => {
    const [owner] = await t.database.db.select({ id: studentInfos.id }).from(studentInfos).limit(1);
    let studentId = owner?.id;
    if (!studentId) {
      studentId = (
        (await student.post('/StudentInfo/add', studentInfoBody('Docowner'))).body as { id: number }
      ).id;
    }
    await t.database.db
      .insert(studentDocuments)
      .values({ studentId, documentTypeId: visaId, docPath: 'stored-name.pdf' });
    const res = await admin.post('/DocumentType/delete', { id: visaId });
    expect(res.status).toBe(409);
    expect(problem(res).message).toBe('This document type is used by 1 student document.');
    expect(problem(res)).toMatchObject({
      code: 'inUse',
      params: { uses: [{ what: 'studentDocuments', count: 1 }] },
    });
    expect((await student.get(`/DocumentType/${visaId}`)).status).toBe(200);
  });

  it('only admins write the catalogue', async () => {
    expect((await student.post('/DocumentType/add', { name: 'Sneaky' })).status).toBe(403);
    expect((await student.post('/DocumentType/update', { id: photoId, name: 'Sneaky' })).status).toBe(403);
    expect((await student.post('/DocumentType/delete', { id: photoId })).status).toBe(403);
    expect((await student.get(`/DocumentType/${photoId}`)).body).toEqual({
      id: photoId,
      name: 'Passport Photograph',
    });
  });
});

describe('Course and UniversityCourse', () => {
  it('addCourse and PUT updateCourse return the level and category', async () => {
    const added = await admin.post('/Course/addCourse', {
      name: 'Data Science',
      description: 'Numbers',
      levelId: cat.levelId,
      categoryId: cat.categoryId,
    });
    expect(added.status).toBe(200);
    const course = ZCourse.parse(added.body);
    expect(course.level).toEqual({ id: cat.levelId, name: 'Cat Bachelor' });
    expect(course.category).toEqual({ id: cat.categoryId, name: 'Cat Computing' });

    const masterId = ((await admin.post('/CourseLevel/add', { name: 'Master' })).body as { id: number }).id;
    const put = await admin.put(`/Course/updateCourse/${course.id}`, {
      name: 'Data Science (MSc)',
      description: null,
      levelId: masterId,
      categoryId: cat.categoryId,
    });
    expect(put.body).toMatchObject({
      id: course.id,
      name: 'Data Science (MSc)',
      level: { id: masterId, name: 'Master' },
    });

    // The original client posts level and category objects to /Course/update.
    const posted = await admin.post('/Course/update', {
      id: course.id,
      name: 'Data Science',
      description: 'Numbers',
      level: { id: cat.levelId, name: 'Cat Bachelor' },
      category: { id: cat.categoryId, name: 'Cat Computing' },
    });
    expect(posted.body).toMatchObject({
      name: 'Data Science',
      levelId: cat.levelId,
      level: { name: 'Cat Bachelor' },
    });

    const badLevel = await admin.post('/Course/addCourse', {
      name: 'X',
      levelId: 987654,
      categoryId: cat.categoryId,
    });
    expect(badLevel.status).toBe(400);
    expect(problem(badLevel).errors?.[0]?.path).toBe('body.levelId');
    expect(problem(badLevel).code).toBe('validation');
    expect((await student.post('/Course/addCourse', { name: 'X', levelId: 1, categoryId: 1 })).status).toBe(
      403,
    );
  });

  it('AddUniversityCourse and PUT UpdateUniversityCourse return university and course with level and category', async () => {
    const added = await admin.post(
      '/UniversityCourse/AddUniversityCourse',
      universityCourseBody(cat.universityId, cat.courseId, 9999.99),
    );
    expect(added.status).toBe(200);
    const uc = ZUniversityCourse.parse(added.body);
    expect(uc).toMatchObject({
      price: 9999.99,
      university: { id: cat.universityId, name: 'Cat University' },
      course: {
        id: cat.courseId,
        name: 'Cat Software',
        level: { id: cat.levelId, name: 'Cat Bachelor' },
        category: { id: cat.categoryId, name: 'Cat Computing' },
      },
    });
    const put = await admin.put(`/UniversityCourse/UpdateUniversityCourse/${uc.id}`, {
      ...universityCourseBody(cat.universityId, cat.courseId, 100),
      duration: 24,
    });
    expect(put.body).toMatchObject({ id: uc.id, duration: 24, price: 100 });
    expect(
      (await admin.put('/UniversityCourse/UpdateUniversityCourse/987654', universityCourseBody(1, 1))).status,
    ).toBe(404);
    expect(
      (await student.put(`/UniversityCourse/UpdateUniversityCourse/${uc.id}`, universityCourseBody(1, 1)))
        .status,
    ).toBe(403);

    // The student's course list and picker filters.
    const picker: TFilter = {
      operator: 'AND',
      conditions: [
        { field: 'Course.Name', operator: 'LIKE', value: 'soft' },
        { field: 'University.name', operator: 'EQ', value: 'Cat University' },
        { field: 'Course.Level.Id', operator: 'EQ', value: cat.levelId },
        { field: 'Price', operator: 'BETWEEN', value: [50, 500] },
        { field: 'Course.category.id', operator: 'EQ', value: cat.categoryId },
      ],
      groups: [],
    };
    const page = await student.post('/UniversityCourse/getListByPage', {
      filter: picker,
      page: 0,
      pageSize: 9,
    });
    expect(page.body).toEqual({ result: [expect.objectContaining({ id: uc.id })], totalRows: 1 });
    const fromUniversity = await student.post(
      '/UniversityCourse/findAsync',
      where('university.id', 'EQ', cat.universityId),
    );
    expect(ids(fromUniversity.body)).toEqual([cat.universityCourseId, uc.id]);
  });

  it('refuses to delete a course level still used by courses', async () => {
    const levelId = ((await admin.post('/CourseLevel/add', { name: 'Diploma' })).body as { id: number }).id;
    for (const name of ['Nursing', 'Accounting', 'Tourism']) {
      await admin.post('/Course/addCourse', { name, levelId, categoryId: cat.categoryId });
    }
    const res = await admin.post('/CourseLevel/delete', { id: levelId });
    expect(res.status).toBe(409);
    expect(problem(res).message).toBe('This course level is used by 3 courses.');
    expect(problem(res).code).toBe('inUse');
    const used = await admin.post('/University/delete', { id: cat.universityId });
    expect(problem(used).message).toBe('This university is used by 2 university courses.');
  });
});

describe('bad input is a 400 problem naming the field', () => {
  it('a body field of the wrong type', async () => {
    const res = await admin.post('/DocumentType/add', { name: 5 });
    expect(res.status).toBe(400);
    expect(problem(res).errors?.[0]?.path).toBe('body.name');
    const course = await admin.post('/UniversityCourse/AddUniversityCourse', {
      ...universityCourseBody(1, 1),
      currency: 9,
    });
    expect(problem(course).errors?.map((e) => e.path)).toContain('body.currency');
  });

  it('a broken JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DocumentType/findAsync',
      headers: { ...studentHeaders, 'content-type': 'application/json' },
      payload: '{"operator": "AND", "conditions": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('an unknown filter field or operator', async () => {
    const field = await student.post('/UniversityCourse/findAsync', where('course.secret', 'EQ', 1));
    expect(field.status).toBe(400);
    expect(problem(field).message).toContain('course.secret');
    expect(problem(field).errors?.[0]).toMatchObject({
      code: 'invalidFilter',
      params: { rule: 'unknownField' },
    });
    expect(problem(field).errors?.[0]?.path).toBe('body.conditions.0.field');
    const operator = await student.post('/UniversityCourse/findAsync', where('price', 'GT' as 'EQ', 1));
    expect(problem(operator).errors?.[0]?.path).toBe('body.conditions.0.operator');
    const paged = await student.post('/Course/getListByPage', {
      filter: where('nope', 'EQ', 1),
      page: 0,
      pageSize: 10,
    });
    expect(problem(paged).errors?.[0]?.path).toBe('body.filter.conditions.0.field');
    const found = await student.post('/Course/find', { nope: 1 });
    expect(problem(found).errors?.[0]?.path).toBe('body.nope');
    expect((await student.post('/Course/find', { 'level.id': 'one' })).status).toBe(400);
    expect((await student.post('/Course/find', { constructor: 1 })).status).toBe(400);
  });

  it('BETWEEN without two values, and a value of the wrong type', async () => {
    const one = await student.post('/UniversityCourse/count', where('price', 'BETWEEN', [100]));
    expect(problem(one).errors?.[0]?.path).toBe('body.conditions.0.value');
    const scalar = await student.post('/UniversityCourse/count', where('price', 'BETWEEN', 100));
    expect(scalar.status).toBe(400);
    const text = await student.post('/UniversityCourse/count', where('price', 'EQ', 'cheap'));
    expect(problem(text).message).toContain('price');
  });

  it('pageSize over 100', async () => {
    const res = await student.post('/Course/getListByPage', { page: 0, pageSize: 101 });
    expect(res.status).toBe(400);
    expect(problem(res).errors?.[0]).toMatchObject({ path: 'body.pageSize', code: 'tooLarge' });
    expect((await student.post('/Course/getListByPage', { page: -1, pageSize: 10 })).status).toBe(400);
  });

  it('filters nested too deep or with too many conditions', async () => {
    const nest = (levels: number): TFilter =>
      levels === 0 ? where('id', 'EQ', 1) : { operator: 'OR', conditions: [], groups: [nest(levels - 1)] };
    expect((await student.post('/Course/count', nest(MAX_FILTER_DEPTH))).status).toBe(200);
    const deep = await student.post('/Course/count', nest(MAX_FILTER_DEPTH + 1));
    expect(deep.status).toBe(400);
    expect(problem(deep).message).toContain('deeper');
    expect(problem(deep).code).toBe('validation');
    // Absurd nesting is refused before validation recurses into it.
    const absurd = await t.app.inject({
      method: 'POST',
      url: '/api/Course/count',
      headers: { ...studentHeaders, 'content-type': 'application/json' },
      payload: `${'{"groups":['.repeat(3000)}{}${']}'.repeat(3000)}`,
    });
    expect(absurd.statusCode).toBe(400);
    const cond = { field: 'id', operator: 'EQ', value: 1 };
    const many = {
      operator: 'OR',
      conditions: Array(30).fill(cond),
      groups: [{ operator: 'OR', conditions: Array(MAX_FILTER_CONDITIONS - 29).fill(cond), groups: [] }],
    };
    const tooMany = await student.post('/Course/count', many);
    expect(tooMany.status).toBe(400);
    expect(problem(tooMany).message).toContain(String(MAX_FILTER_CONDITIONS));
  });

  it('text with a NUL character, and ids beyond the integer range', async () => {
    const search = await student.post('/Course/count', where('name', 'CONTAINS', 'a\u0000b'));
    expect(problem(search).errors?.[0]?.path).toBe('body.conditions.0.value');
    const add = await admin.post('/DocumentType/add', { name: 'a\u0000b' });
    expect(problem(add).errors?.[0]?.path).toBe('body.name');
    expect((await student.get('/DocumentType/99999999999')).status).toBe(400);
    expect((await admin.post('/DocumentType/delete', { id: 99999999999 })).status).toBe(400);
    const course = await admin.post('/Course/addCourse', {
      name: 'Big',
      levelId: 99999999999,
      categoryId: 1,
    });
    expect(course.status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('lists the 13 verbs of every base, with schemas that resolve', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, object>;
      components: { schemas: Record<string, object> };
    };
    const bases = [
      'DocumentType',
      'CourseCategory',
      'CourseLevel',
      'Course',
      'UniversityCourse',
      'University',
    ];
    bases.push('StudentInfo', 'StudentGuardian', 'EmergencyContact', 'Experience', 'Language', 'OtherInfo');
    bases.push('Qualification', 'StudentCourse', 'Notification');
    const verbs = [
      '{id}',
      'getId',
      'allAsync',
      'getListByPage',
      'find',
      'findAsync',
      'getItem',
      'add',
      'update',
    ];
    verbs.push('delete', 'count', 'countAsync', 'CreateOrUpdate');
    for (const base of bases) {
      for (const verb of verbs) expect(doc.paths, `${base}/${verb}`).toHaveProperty([`/api/${base}/${verb}`]);
    }
    for (const extra of ['Course/addCourse', 'Course/updateCourse/{id}', 'StudentCourse/addOrUpdateList']) {
      expect(doc.paths).toHaveProperty([`/api/${extra}`]);
    }
    const refs = [...res.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(doc.components.schemas).toHaveProperty([ref]);
  });
});
