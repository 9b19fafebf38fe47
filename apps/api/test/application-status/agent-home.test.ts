import type { TActionNeeded, TApplicationStatusState, TOpenDocumentRequest } from '@uniapply/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../app.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, studentInfoBody, type TClient, where } from '../resources/helpers.js';
import { stateOf, submitted } from './helpers.js';

// Issue 12 item 3, the agent's home: each student's latest status on the Student Maintenance list
// (`StudentInfo/getListByPage` rows), filterable by it, and the open document requests of the
// agent's students. An agent never learns anything about another agent's students.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let agentA: TClient;
let agentB: TClient;
let student: TClient;
let a: { studentId: number; applications: number[] };
let b: { studentId: number; applications: number[] };
let own: { studentId: number; applications: number[] };
let fresh: number;

type TListRow = { id: number; userId: number; latestStatus: string | null; latestStatusAt: string | null };
const list = async (c: TClient, filter?: object) =>
  ok<{ result: TListRow[]; totalRows: number }>(
    await c.post('/StudentInfo/getListByPage', { page: 0, pageSize: 100, ...(filter ? { filter } : {}) }),
  );

async function move(id: number, to: string, extra: object = {}) {
  const { version } = await stateOf(admin, id);
  return ok<TApplicationStatusState>(
    await admin.post('/ApplicationStatus/move', { studentCourseId: id, to, version, ...extra }),
  );
}

beforeAll(async () => {
  t = await createDocsApp();
  admin = client(t, await signInAs(t, 'home.admin@apps.test', 'Admin'));
  const whoA = await signInAs(t, 'home.agent-a@apps.test', 'Agent');
  const whoB = await signInAs(t, 'home.agent-b@apps.test', 'Agent');
  const whoS = await signInAs(t, 'home.student@apps.test', 'Student');
  agentA = client(t, whoA);
  agentB = client(t, whoB);
  student = client(t, whoS);
  const one = await seedCatalogue(admin, 'HomeOne');
  const two = await seedCatalogue(admin, 'HomeTwo');
  a = await submitted(t, agentA, whoA, 'Alisher', [one.universityCourseId]);
  // Agent B's student applies to two courses.
  b = await submitted(t, agentB, whoB, 'Bahodir', [one.universityCourseId, two.universityCourseId]);
  own = await submitted(t, student, whoS, 'Selfish', [one.universityCourseId]);
  // A profile of agent B's that never submitted anything.
  fresh = ok<{ id: number }>(
    await agentB.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Freshman')),
  ).id;
});
afterAll(() => t?.close());

describe("the agent's student list", () => {
  it("shows each student's latest status: the most recently changed application", async () => {
    const before = await list(agentB);
    expect(before.result.map((r) => [r.id, r.latestStatus])).toEqual([
      [b.studentId, 'submitted'],
      [fresh, null],
    ]);
    // The second application moves: it is now the latest.
    await move(b.applications[1]!, 'underReview');
    let rows = (await list(agentB)).result;
    expect(rows.find((r) => r.id === b.studentId)?.latestStatus).toBe('underReview');
    const at = rows.find((r) => r.id === b.studentId)?.latestStatusAt;
    expect(new Date(at!.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).getTime()).toBeGreaterThan(
      Date.now() - 600_000,
    );
    // Then the first one moves later: it wins.
    await move(b.applications[0]!, 'underReview');
    await move(b.applications[0]!, 'rejected');
    rows = (await list(agentB)).result;
    expect(rows.find((r) => r.id === b.studentId)?.latestStatus).toBe('rejected');
  });

  it('filters by the latest status with the generic filter, within the agent scope', async () => {
    await move(a.applications[0]!, 'underReview');
    // Agent A's student and the self-registered one are in underReview too (own moves below).
    await move(own.applications[0]!, 'underReview');
    const underReview = where('latestStatus', 'EQ', 'underReview');
    expect((await list(agentA, underReview)).result.map((r) => r.id)).toEqual([a.studentId]);
    expect((await list(agentB, underReview)).totalRows).toBe(0);
    expect((await list(agentB, where('latestStatus', 'EQ', 'rejected'))).result.map((r) => r.id)).toEqual([
      b.studentId,
    ]);
    // Case-insensitive path, like every field; null finds the students without an application.
    expect((await list(agentB, where('LATESTSTATUS', 'EQ', null))).result.map((r) => r.id)).toEqual([fresh]);
    // A date range on when it changed.
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await list(agentA, where('latestStatusAt', 'BETWEEN', ['2000-01-01', `${today}T23:59:59Z`])))
        .totalRows,
    ).toBe(1);
    // Admins see every student with that status.
    const all = (await list(admin, underReview)).result.map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([a.studentId, own.studentId]));
    expect(all).not.toContain(b.studentId);
  });

  it("never shows another agent's students, whatever the filter", async () => {
    const forA = await list(agentA, {
      operator: 'OR',
      conditions: [
        { field: 'id', operator: 'EQ', value: b.studentId },
        { field: 'latestStatus', operator: 'EQ', value: 'rejected' },
      ],
      groups: [],
    });
    expect(forA.totalRows).toBe(0);
    const rows = (await list(agentA)).result;
    expect(rows.map((r) => r.id)).toEqual([a.studentId]);
  });

  it('refuses a bad status filter value type as a 400', async () => {
    const res = await agentA.post('/StudentInfo/getListByPage', {
      page: 0,
      pageSize: 10,
      filter: where('latestStatusAt', 'EQ', 'yesterday'),
    });
    expect(res.status).toBe(400);
  });
});

describe('open document requests', () => {
  it("lists the agent's students' unanswered requests with student and course, and nobody else's", async () => {
    await move(a.applications[0]!, 'documentsRequested', {
      requests: [{ documentTypeId: 1 }, { text: 'Bank statement' }],
    });
    await move(own.applications[0]!, 'documentsRequested', { requests: [{ text: 'Police clearance' }] });

    const forA = ok<TOpenDocumentRequest[]>(await agentA.get('/DocumentRequest/open'));
    expect(forA.map((r) => [r.studentId, r.firstName, r.courseName, r.documentTypeId, r.text])).toEqual([
      [a.studentId, 'Alisher', 'HomeOne Software', 1, null],
      [a.studentId, 'Alisher', 'HomeOne Software', null, 'Bank statement'],
    ]);
    expect(forA[0]!.universityName).toBe('HomeOne University');
    expect(forA[0]!.documentTypeName).toEqual(expect.any(String));
    expect(forA[0]!.createdAt).toEqual(expect.any(String));

    expect(ok<TOpenDocumentRequest[]>(await agentB.get('/DocumentRequest/open'))).toEqual([]);
    const forStudent = ok<TOpenDocumentRequest[]>(await student.get('/DocumentRequest/open'));
    expect(forStudent.map((r) => [r.studentId, r.text])).toEqual([[own.studentId, 'Police clearance']]);
    const forAdmin = ok<TOpenDocumentRequest[]>(await admin.get('/DocumentRequest/open'));
    expect(forAdmin.map((r) => r.studentId).sort()).toEqual([a.studentId, a.studentId, own.studentId].sort());
  });

  it('drops the requests of an application once it is in a final status', async () => {
    await move(own.applications[0]!, 'rejected');
    expect(ok<TOpenDocumentRequest[]>(await student.get('/DocumentRequest/open'))).toEqual([]);
  });

  it('is for signed-in callers only', async () => {
    expect((await client(t, null).get('/DocumentRequest/open')).status).toBe(401);
  });
});

describe('GET /ApplicationStatus/actionNeeded (issue 22: the banner names every waiting application)', () => {
  it('names the student, course and university of each, and an open offer’s answer-by date', async () => {
    // An offer has no document request: the banner must still learn its names (it showed "—").
    await move(b.applications[1]!, 'unconditionalOffer', { offer: { fees: 'USD 9,000' } });
    const forB = ok<TActionNeeded[]>(await agentB.get('/ApplicationStatus/actionNeeded'));
    expect(forB).toEqual([
      {
        studentCourseId: b.applications[1],
        studentId: b.studentId,
        status: 'unconditionalOffer',
        studentName: expect.stringContaining('Bahodir'),
        course: 'HomeTwo Software',
        university: 'HomeTwo University',
        answerBy: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
    ]);
    const forA = ok<TActionNeeded[]>(await agentA.get('/ApplicationStatus/actionNeeded'));
    expect(forA.map((w) => [w.studentCourseId, w.status, w.course, w.answerBy])).toEqual([
      [a.applications[0], 'documentsRequested', 'HomeOne Software', null],
    ]);
    // The student's own application is rejected: nothing waits for them.
    expect(ok(await student.get('/ApplicationStatus/actionNeeded'))).toEqual([]);
  });

  it('is for the applicant side, signed in', async () => {
    expect((await admin.get('/ApplicationStatus/actionNeeded')).status).toBe(403);
    expect((await client(t, null).get('/ApplicationStatus/actionNeeded')).status).toBe(401);
  });
});
