// @both-databases: SQL plans (explain)
import {
  APPLICATION_STATUSES,
  type TApplicationFormRow,
  type TApplicationStatusDetail,
  type TApplicationStatusState,
  type TPagedResult,
  type TStatusOverview,
  WAITING_STATUSES,
} from '@uniapply/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp, download } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import {
  client,
  seedCatalogue,
  type TClient,
  type TWho,
  universityCourseBody,
  where,
} from '../resources/helpers.js';
import { answer, detail, forceStatus, stateOf, submitted } from './helpers.js';

// Issue 12, the admin side: the Application Forms rows carry each application's status and filter
// by it; the admin overview counts applications by status and lists the longest waiting in each
// (admins only); an admin downloads the file that answered a document request.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let adminWho: TWho;
let courseIds: number[];
let agent: TClient;
let agentWho: TWho;
let otherAgent: TClient;
let student: TClient;
let studentWho: TWho;
let own: { studentId: number; applications: number[] };
let agents: { studentId: number; applications: number[] };
let courseName: string;

beforeAll(async () => {
  t = await createDocsApp();
  adminWho = await signInAs(t, 'side.admin@apps.test', 'Admin');
  admin = client(t, adminWho);
  agentWho = await signInAs(t, 'side.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  otherAgent = client(t, await signInAs(t, 'side.other-agent@apps.test', 'Agent'));
  studentWho = await signInAs(t, 'side.student@apps.test', 'Student');
  student = client(t, studentWho);
  const cat = await seedCatalogue(admin, 'Side');
  courseName = (ok<{ name: string }>(await admin.get(`/Course/${cat.courseId}`)) as { name: string }).name;
  const second = ok<{ id: number }>(
    await admin.post(
      '/UniversityCourse/AddUniversityCourse',
      universityCourseBody(cat.universityId, cat.courseId, 9000),
    ),
  ).id;
  courseIds = [cat.universityCourseId, second];
  own = await submitted(t, student, studentWho, 'Selfside', [cat.universityCourseId]);
  agents = await submitted(t, agent, agentWho, 'Agentside', [cat.universityCourseId, second]);
});
afterAll(() => t?.close());

const move = async (id: number, to: string, extra: object = {}) => {
  const { version } = await stateOf(admin, id);
  return ok<TApplicationStatusState>(
    await admin.post('/ApplicationStatus/move', { studentCourseId: id, to, version, ...extra }),
  );
};
const formsPage = async (c: TClient, filter = where('status', 'CONTAINS', '')) =>
  ok<TPagedResult<TApplicationFormRow>>(
    await c.post('/ApplicationForm/getListByPage', { filter, page: 0, pageSize: 50 }),
  );
const overview = async () => ok<TStatusOverview>(await admin.get('/ApplicationStatus/overview'));
/** When the application got its status, set by hand so the order of waiting is known. */
const setSince = (id: number, iso: string) =>
  t.database.db
    .update(applicationStatuses)
    .set({ updatedAt: iso })
    .where(eq(applicationStatuses.studentCourseId, id));

describe('Application Forms rows', () => {
  it('carry the status and filter by it (EQ), within each role’s scope', async () => {
    const [a1, a2] = agents.applications as [number, number];
    await move(a1, 'underReview');
    const rows = (await formsPage(admin)).result;
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [own.applications[0], 'submitted'],
      [a1, 'underReview'],
      [a2, 'submitted'],
    ]);

    const reviewed = await formsPage(admin, where('status', 'EQ', 'underReview'));
    expect(reviewed.totalRows).toBe(1);
    expect(reviewed.result.map((r) => r.id)).toEqual([a1]);
    expect((await formsPage(admin, where('Status', 'EQ', 'submitted'))).result.map((r) => r.id)).toEqual([
      own.applications[0],
      a2,
    ]);
    expect((await formsPage(admin, where('status', 'EQ', 'enrolled'))).totalRows).toBe(0);
    // The status combines with the name filter like any other field.
    const both = {
      operator: 'AND' as const,
      conditions: [
        { field: 'status', operator: 'EQ' as const, value: 'submitted' },
        { field: 'studentInfo.firstName', operator: 'CONTAINS' as const, value: 'agentside' },
      ],
      groups: [],
    };
    expect((await formsPage(admin, both)).result.map((r) => r.id)).toEqual([a2]);

    // The scope stays the server's: the agent sees their two, another agent none, the student one.
    expect((await formsPage(agent, where('status', 'EQ', 'underReview'))).result.map((r) => r.id)).toEqual([
      a1,
    ]);
    expect((await formsPage(otherAgent, where('status', 'EQ', 'underReview'))).totalRows).toBe(0);
    expect((await formsPage(otherAgent)).totalRows).toBe(0);
    expect((await formsPage(student)).result.map((r) => [r.id, r.status])).toEqual([
      [own.applications[0], 'submitted'],
    ]);
  });

  it('an application without a status row (submitted past the pipeline) reads and filters as submitted', async () => {
    const id = agents.applications[1]!;
    await t.database.db.delete(applicationStatuses).where(eq(applicationStatuses.studentCourseId, id));
    const submittedRows = await formsPage(admin, where('status', 'EQ', 'submitted'));
    expect(submittedRows.result.find((r) => r.id === id)).toMatchObject({ status: 'submitted' });
    // Its first move enters the pipeline (status routes); the row is back.
    expect((await stateOf(admin, id)).status).toBe('submitted');
    await move(id, 'underReview');
    await move(id, 'rejected', { message: 'Not this year.', internal: true });
    expect((await formsPage(admin, where('status', 'EQ', 'rejected'))).result.map((r) => r.id)).toEqual([id]);
  });
});

describe('GET /ApplicationStatus/overview', () => {
  it('counts every status (zeros included) and lists the longest waiting, oldest first', async () => {
    const [a1, a2] = agents.applications as [number, number];
    const mine = own.applications[0]!;
    // Now: mine submitted, a1 underReview, a2 rejected. Put a1 back to submitted to have two there.
    await t.database.db
      .update(applicationStatuses)
      .set({ status: 'submitted' })
      .where(eq(applicationStatuses.studentCourseId, a1));
    await setSince(mine, '2026-01-02T00:00:00Z');
    await setSince(a1, '2026-01-01T00:00:00Z');

    const o = await overview();
    expect(Object.keys(o.counts).sort()).toEqual([...APPLICATION_STATUSES].sort());
    expect(o.counts).toEqual(
      Object.fromEntries(
        APPLICATION_STATUSES.map((s) => [s, s === 'submitted' ? 2 : s === 'rejected' ? 1 : 0]),
      ),
    );
    // Every status one can wait in, in pipeline order; the final ones are not listed.
    expect(o.waiting.map((w) => w.status)).toEqual(WAITING_STATUSES);
    expect(o.waiting.map((w) => w.status)).not.toContain('rejected');
    const inSubmitted = o.waiting.find((w) => w.status === 'submitted')!.applications;
    expect(inSubmitted.map((a) => a.studentCourseId)).toEqual([a1, mine]);
    expect(inSubmitted[0]).toEqual({
      studentCourseId: a1,
      studentId: agents.studentId,
      fullName: expect.stringContaining('Agentside'),
      course: courseName,
      university: expect.any(String),
      since: expect.any(String),
    });
    expect(new Date(inSubmitted[0]!.since).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(o.waiting.find((w) => w.status === 'underReview')!.applications).toEqual([]);
    expect(o.counts.rejected).toBe(1);
    expect(a2).toBe(agents.applications[1]);
  });

  it('lists at most five per status', async () => {
    const cat = await seedCatalogue(admin, 'Many');
    const many = await submitted(t, agent, agentWho, 'Manyside', [...courseIds, cat.universityCourseId]);
    const all = [...many.applications, ...agents.applications, ...own.applications];
    expect(all).toHaveLength(6);
    for (const [i, id] of all.entries()) {
      await forceStatus(t, id, 'passFiled');
      await setSince(id, `2026-02-0${i + 1}T00:00:00Z`);
    }
    const o = await overview();
    expect(o.counts.passFiled).toBe(6);
    const listed = o.waiting.find((w) => w.status === 'passFiled')!.applications;
    expect(listed.map((a) => a.studentCourseId)).toEqual(all.slice(0, 5));
  });

  it('is for admins only: 401 without a session, 403 for agents and students', async () => {
    expect((await client(t, null).get('/ApplicationStatus/overview')).status).toBe(401);
    for (const who of [agent, student]) {
      const res = await who.get('/ApplicationStatus/overview');
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('Agentside');
    }
  });

  it('reads the status table through its (status, updated_at) index', async () => {
    // PostgreSQL (and PGlite) choose a plan by the table's size; with sequential scans off the
    // planner must still find the index for both queries, so it is usable by them.
    const plan = async (tx: Pick<typeof t.database.db, 'execute'>, query: string) => {
      const res = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
        rows: Record<string, string>[];
      };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    };
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const countPlan = await plan(tx, 'select status, count(*) from application_statuses group by status');
      const waitPlan = await plan(
        tx,
        "select student_course_id from application_statuses where status = 'submitted' order by updated_at limit 5",
      );
      expect(countPlan).toContain('application_statuses_status_idx');
      expect(waitPlan).toContain('application_statuses_status_idx');
    });
  });
});

describe('the answer to a document request', () => {
  it('is downloaded by the admin through the file route; another agent gets a 404', async () => {
    const id = own.applications[0]!;
    await forceStatus(t, id, 'underReview');
    await move(id, 'documentsRequested', { requests: [{ text: 'Bank statement' }] });
    const [request] = ok<TApplicationStatusDetail>(await detail(admin, id)).requests;
    const bytes = pdfFile();
    expect((await answer(t, studentWho, request!.id, bytes)).status).toBe(200);
    const answered = ok<TApplicationStatusDetail>(await detail(admin, id)).requests[0]!;
    expect(answered).toMatchObject({ fileName: 'bank-statement.pdf', answeredAt: expect.any(String) });

    const res = await download(t, adminWho, answered.fileId!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await download(t, agentWho, answered.fileId!)).statusCode).toBe(404);
    expect((await download(t, null, answered.fileId!)).statusCode).toBe(401);
  });
});
