import { ZApplicationForm, ZApplicationFormRow } from '@uniapply/shared';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentCourses, universityCourses } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { completeApplication } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import {
  client,
  seedCatalogue,
  type TClient,
  type TWho,
  universityCourseBody,
  where,
} from '../resources/helpers.js';

// Issue 10 item 1: /api/ApplicationForm. One row per submitted course; admins see all, an agent
// their students', a student their own; another owner's row is a 404; only admins write, and
// never the catalogue.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let agent: TClient;
let agentWho: TWho;
let otherAgent: TClient;
let student: TClient;
let studentWho: TWho;
let anonymous: TClient;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let secondCourseId: number;
let thirdCourseId: number;
let agentStudentId: number;
let ownStudentId: number;
let draftStudentId: number;

type TRowOut = { id: number; studentId: number; universityCourseId: number; submittedAt: string };
type TPage = { result: TRowOut[]; totalRows: number };

const ok = <T = Record<string, unknown>>(res: { status: number; body: unknown; text: string }) => {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${res.text}`);
  return res.body as T;
};
const page = (c: TClient, filter: unknown = null, pageNo = 0, pageSize = 10) =>
  c.post('/ApplicationForm/getListByPage', { ...(filter ? { filter } : {}), page: pageNo, pageSize });
const rowsOf = async (c: TClient, filter: unknown = null) => ok<TPage>(await page(c, filter)).result;
const formOf = (rows: TRowOut[], studentId: number) => rows.filter((r) => r.studentId === studentId);
const catalogue = () => t.database.db.select().from(universityCourses).orderBy(asc(universityCourses.id));

beforeAll(async () => {
  t = await createDocsApp();
  admin = client(t, await signInAs(t, 'forms.admin@apps.test', 'Admin'));
  agentWho = await signInAs(t, 'forms.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  otherAgent = client(t, await signInAs(t, 'forms.other@apps.test', 'Agent'));
  studentWho = await signInAs(t, 'forms.student@apps.test', 'Student');
  student = client(t, studentWho);
  anonymous = client(t, null);
  cat = await seedCatalogue(admin, 'Forms');
  const addCourse = async (price: number) =>
    ok<{ id: number }>(
      await admin.post(
        '/UniversityCourse/AddUniversityCourse',
        universityCourseBody(cat.universityId, cat.courseId, price),
      ),
    ).id;
  secondCourseId = await addCourse(9000);
  thirdCourseId = await addCourse(7000);
  // The agent's student applies for two courses; the student applies for one on their own.
  agentStudentId = await completeApplication(t, agent, agentWho, 'Agentstudent', [
    cat.universityCourseId,
    secondCourseId,
  ]);
  ok(await agent.post('/Stage/confirm', { studentId: agentStudentId }));
  ownStudentId = await completeApplication(t, student, studentWho, 'Selfstudent', [cat.universityCourseId]);
  ok(await student.post('/Stage/confirm', { studentId: ownStudentId }));
  // Another agent's student with a course chosen but never confirmed: no application form.
  const otherWho = await signInAs(t, 'forms.drafter@apps.test', 'Agent');
  draftStudentId = await completeApplication(t, client(t, otherWho), otherWho, 'Draftstudent', [
    cat.universityCourseId,
  ]);
});
afterAll(() => t?.close());

describe('the list', () => {
  it('has one row per submitted course, in the shape of the shared schema', async () => {
    const rows = await rowsOf(admin);
    expect(formOf(rows, agentStudentId).map((r) => r.universityCourseId)).toEqual([
      cat.universityCourseId,
      secondCourseId,
    ]);
    expect(formOf(rows, ownStudentId)).toHaveLength(1);
    expect(formOf(rows, draftStudentId)).toEqual([]);
    for (const row of rows) {
      const parsed = ZApplicationFormRow.parse(row);
      expect(parsed.studentCourseId).toBe(parsed.id);
      expect(parsed.submittedAt).not.toBeNull();
    }
    const first = ZApplicationFormRow.parse(formOf(rows, agentStudentId)[0]);
    expect(first).toMatchObject({
      fullName: 'Agentstudent Tester', // no double space without a middle name
      email: 'agentstudent@mail.test',
      university: { id: cat.universityId, name: 'Forms University' },
      course: { id: cat.courseId, name: 'Forms Software' },
      universityId: cat.universityId,
    });
  });

  it('filters on studentInfo.firstName CONTAINS, case-insensitively', async () => {
    const rows = await rowsOf(admin, where('studentInfo.firstName', 'CONTAINS', 'GENTSTUD'));
    expect(rows.map((r) => r.studentId)).toEqual([agentStudentId, agentStudentId]);
    expect(await rowsOf(admin, where('studentInfo.firstName', 'CONTAINS', 'nobody'))).toEqual([]);
  });

  it('pages with a zero-based page and the total', async () => {
    const filter = where('studentInfo.firstName', 'CONTAINS', 'agentstudent');
    const first = ok<TPage>(await page(admin, filter, 0, 1));
    const second = ok<TPage>(await page(admin, filter, 1, 1));
    expect(first.totalRows).toBe(2);
    expect(second.totalRows).toBe(2);
    expect(first.result).toHaveLength(1);
    expect(second.result).toHaveLength(1);
    expect(first.result[0]!.id).toBeLessThan(second.result[0]!.id);
    expect(ok<TPage>(await page(admin, filter, 2, 1)).result).toEqual([]);
  });

  it('refuses unknown filter fields', async () => {
    expect((await page(admin, where('studentInfo.passportNumber', 'EQ', '1'))).status).toBe(400);
  });
});

describe("each role's reach", () => {
  it('an agent sees only their own students, another agent nothing', async () => {
    const rows = await rowsOf(agent);
    expect(new Set(rows.map((r) => r.studentId))).toEqual(new Set([agentStudentId]));
    expect(await rowsOf(otherAgent)).toEqual([]);
    // An OR in the filter cannot widen the scope.
    const widened = {
      operator: 'OR',
      conditions: [
        { field: 'studentInfo.firstName', operator: 'CONTAINS', value: 'Selfstudent' },
        { field: 'studentInfo.firstName', operator: 'CONTAINS', value: 'Agentstudent' },
      ],
      groups: [],
    };
    expect(new Set((await rowsOf(agent, widened)).map((r) => r.studentId))).toEqual(
      new Set([agentStudentId]),
    );
  });

  it('a student sees only their own application', async () => {
    const rows = await rowsOf(student);
    expect(rows.map((r) => r.studentId)).toEqual([ownStudentId]);
  });

  it('GET /{id}: admin and the owners read it; another agent or student gets 404; anonymous 401', async () => {
    const [agentRow] = formOf(await rowsOf(admin), agentStudentId);
    const [ownRow] = formOf(await rowsOf(admin), ownStudentId);
    expect((await admin.get(`/ApplicationForm/${agentRow!.id}`)).status).toBe(200);
    expect((await agent.get(`/ApplicationForm/${agentRow!.id}`)).status).toBe(200);
    expect((await student.get(`/ApplicationForm/${ownRow!.id}`)).status).toBe(200);
    const missing = await admin.get('/ApplicationForm/999999');
    for (const res of [
      await otherAgent.get(`/ApplicationForm/${agentRow!.id}`),
      await student.get(`/ApplicationForm/${agentRow!.id}`),
      await agent.get(`/ApplicationForm/${ownRow!.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body); // exactly like a missing one
    }
    expect((await anonymous.get(`/ApplicationForm/${agentRow!.id}`)).status).toBe(401);
    expect((await page(anonymous)).status).toBe(401);
  });

  it('a course chosen but not confirmed is no application form, even for an admin', async () => {
    const unsubmitted = (await t.database.db.select().from(studentCourses)).find(
      (c) => c.studentId === draftStudentId,
    );
    expect(unsubmitted?.submittedAt).toBeNull();
    expect((await admin.get(`/ApplicationForm/${unsubmitted!.id}`)).status).toBe(404);
  });
});

describe('the application form record', () => {
  it('holds every section, the file names and the catalogue figures of the chosen course', async () => {
    const [row] = formOf(await rowsOf(admin), agentStudentId);
    const form = ZApplicationForm.parse(ok(await admin.get(`/ApplicationForm/${row!.id}`)));
    expect(form).toMatchObject({
      id: row!.id,
      studentCourseId: row!.id,
      studentId: agentStudentId,
      studentInfo: { firstName: 'Agentstudent', city: 'Tashkent' },
      guardian: { firstName: 'Agentstudent', occupation: 'Teacher' },
      emergencyContact: { firstName: 'Agentstudent' },
      otherInfo: { facebook: true, otherInfoDetails: 'Agentstudent fair' },
      university: { id: cat.universityId, name: 'Forms University' },
      course: { id: cat.courseId, name: 'Forms Software' },
      universityCourseId: cat.universityCourseId,
      duration: 36,
      price: 12000,
      currency: 0,
    });
    expect(form.qualifications).toHaveLength(1);
    expect(form.qualifications[0]!.certFile).toEqual({
      fileId: form.qualifications[0]!.certFileName,
      name: 'scan.pdf',
    });
    expect(form.qualifications[0]!.transcriptFile?.name).toBe('scan.pdf');
    expect(form.languages[0]!.certFile?.name).toBe('scan.pdf');
    expect(form.documents.map((d) => d.documentTypeId)).toEqual([1, 2, 3]);
    for (const document of form.documents) {
      expect(document.fileName).toBe('scan.pdf');
      expect(document.documentType).not.toBe('');
      // The file id downloads through the document route.
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Document/downloadByFileId/${document.fileId}`,
        headers: agentWho!.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    // The second course's form shows that course's price.
    const second = formOf(await rowsOf(admin), agentStudentId)[1]!;
    expect(ok<{ price: number }>(await admin.get(`/ApplicationForm/${second.id}`)).price).toBe(9000);
  });
});

describe('add, update and delete (admins)', () => {
  it('add: a new submitted course application for an existing student; the catalogue is untouched', async () => {
    const before = await catalogue();
    const added = ok<TRowOut>(
      await admin.post('/ApplicationForm/add', {
        studentId: ownStudentId,
        universityCourseId: thirdCourseId,
      }),
    );
    expect(ZApplicationFormRow.parse(added)).toMatchObject({
      studentId: ownStudentId,
      universityCourseId: thirdCourseId,
    });
    expect(added.submittedAt).not.toBeNull();
    expect(formOf(await rowsOf(student), ownStudentId).map((r) => r.universityCourseId)).toEqual([
      cat.universityCourseId,
      thirdCourseId,
    ]);
    // Again: the student already applied.
    const again = await admin.post('/ApplicationForm/add', {
      studentId: ownStudentId,
      universityCourseId: thirdCourseId,
    });
    expect(again.status).toBe(409);
    expect(
      (await admin.post('/ApplicationForm/add', { studentId: ownStudentId, universityCourseId: 999999 }))
        .status,
    ).toBe(400);
    expect(
      (await admin.post('/ApplicationForm/add', { studentId: 999999, universityCourseId: thirdCourseId }))
        .status,
    ).toBe(404);
    expect(await catalogue()).toEqual(before);
  });

  it('add: a course chosen but not confirmed becomes the submitted application', async () => {
    const added = ok<TRowOut>(
      await admin.post('/ApplicationForm/add', {
        studentId: draftStudentId,
        universityCourseId: cat.universityCourseId,
      }),
    );
    const rows = await t.database.db.select().from(studentCourses);
    expect(rows.filter((r) => r.studentId === draftStudentId).map((r) => r.id)).toEqual([added.id]);
    ok(await admin.post('/ApplicationForm/delete', { id: added.id }));
  });

  it('update: changes the course of the application, keeps its submission time, never the catalogue', async () => {
    const before = await catalogue();
    const [row] = formOf(await rowsOf(admin), ownStudentId);
    const updated = ok<TRowOut>(
      await admin.post('/ApplicationForm/update', { id: row!.id, universityCourseId: secondCourseId }),
    );
    expect(updated).toMatchObject({
      id: row!.id,
      universityCourseId: secondCourseId,
      submittedAt: row!.submittedAt,
    });
    expect(ok<{ price: number }>(await admin.get(`/ApplicationForm/${row!.id}`)).price).toBe(9000);
    // To a course the student already applied for: 409; to a missing one: 400; a missing row: 404.
    const clash = await admin.post('/ApplicationForm/update', {
      id: row!.id,
      universityCourseId: thirdCourseId,
    });
    expect(clash.status).toBe(409);
    expect(
      (await admin.post('/ApplicationForm/update', { id: row!.id, universityCourseId: 999999 })).status,
    ).toBe(400);
    expect(
      (await admin.post('/ApplicationForm/update', { id: 999999, universityCourseId: thirdCourseId })).status,
    ).toBe(404);
    expect(await catalogue()).toEqual(before);
  });

  it('only admins write: agents and students get 403, anonymous 401', async () => {
    const [row] = formOf(await rowsOf(admin), agentStudentId);
    for (const c of [agent, student]) {
      expect(
        (
          await c.post('/ApplicationForm/add', {
            studentId: agentStudentId,
            universityCourseId: thirdCourseId,
          })
        ).status,
      ).toBe(403);
      expect(
        (await c.post('/ApplicationForm/update', { id: row!.id, universityCourseId: thirdCourseId })).status,
      ).toBe(403);
      expect((await c.post('/ApplicationForm/delete', { id: row!.id })).status).toBe(403);
    }
    expect((await anonymous.post('/ApplicationForm/delete', { id: row!.id })).status).toBe(401);
    expect((await admin.get(`/ApplicationForm/${row!.id}`)).status).toBe(200);
  });

  it('delete: the application goes, the student and the catalogue stay', async () => {
    const before = await catalogue();
    const rows = formOf(await rowsOf(admin), agentStudentId);
    const gone = rows[1]!;
    expect(ok(await admin.post('/ApplicationForm/delete', { id: gone.id }))).toEqual({ id: gone.id });
    expect((await admin.get(`/ApplicationForm/${gone.id}`)).status).toBe(404);
    expect((await admin.post('/ApplicationForm/delete', { id: gone.id })).status).toBe(404);
    expect(formOf(await rowsOf(agent), agentStudentId).map((r) => r.id)).toEqual([rows[0]!.id]);
    expect((await agent.get(`/StudentInfo/${agentStudentId}`)).status).toBe(200);
    expect(await catalogue()).toEqual(before);
  });
});
