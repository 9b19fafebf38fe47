import type { TApplicationStatusState, TDocumentRequest, TUserNotificationList } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerConditions, offers } from '../../src/db/schema/index.js';
import type { TAccessRule } from '../../src/http/access.js';
import { signInAs, type TestApp } from '../app.js';
import { stateOf, submitted } from '../application-status/helpers.js';
import { ok } from '../application-wizard/complete.js';
import { testDbKind } from '../db.js';
import { createDocsApp, upload } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import { client, seedCatalogue, type TClient, type TWho } from '../resources/helpers.js';

// SECURITY 1, 2, 27: object-level authorisation on every id-taking route outside the generic
// resource verbs (those: test/resources/authorization.test.ts). Student A on student B's ids and
// agent X on agent Y's student's ids get exactly what a missing id gets (a 404 for one record),
// nothing of the victim's, and the victim's rows and files are unchanged afterwards.
// The routes come from the app itself: an id-taking route (path parameters, an id in its query or
// body, or an upload naming a student) without an entry below fails the test, naming it.

type TIds = {
  studentId: number;
  studentCourseId: number;
  requestId: number;
  documentId: number;
  fileId: string;
  qualificationId: number;
  languageId: number;
  /** A stored notification of the profile's owner (issue 18). */
  notificationId: number;
  /** A condition of the application's offer (issue 22). */
  conditionId: number;
};
type TProbe = (ids: TIds) => {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  upload?: Record<string, string>;
};
/** `admins` routes are admin-only by their access rule (the matrix test), so no owner to cross. */
type TEntry = TProbe | 'admins' | { notAnOwnersRecord: string };

// positionOf answers another owner's row like a missing one: test/resources/position-of.test.ts.
const GENERIC_VERBS =
  /^\/api\/[A-Za-z]+\/(:id|getId|getItem|getListByPage|positionOf|allAsync|find|findAsync|count|countAsync|add|update|delete|CreateOrUpdate|addCourse|AddUniversityCourse|updateCourse\/:id|UpdateUniversityCourse\/:id)$/;

const PROBES: Record<string, TEntry> = {
  'GET /api/Document/downloadByFileId/:fileId': (v) => ({
    method: 'GET',
    url: `/Document/downloadByFileId/${v.fileId}`,
  }),
  'DELETE /api/Document/delete/:id': (v) => ({ method: 'DELETE', url: `/Document/delete/${v.documentId}` }),
  'DELETE /api/Qualification/deleteFile/:id': (v) => ({
    method: 'DELETE',
    url: `/Qualification/deleteFile/${v.qualificationId}`,
  }),
  'DELETE /api/Language/deleteFile/:id': (v) => ({
    method: 'DELETE',
    url: `/Language/deleteFile/${v.languageId}`,
  }),
  'GET /api/Document/list': (v) => ({ method: 'GET', url: `/Document/list?studentId=${v.studentId}` }),
  'POST /api/Document/upload': (v) => ({
    method: 'POST',
    url: '/Document/upload',
    upload: { studentId: String(v.studentId), DocumentTypeId: '1' },
  }),
  'POST /api/Qualification/upload': (v) => ({
    method: 'POST',
    url: '/Qualification/upload',
    upload: { studentId: String(v.studentId) },
  }),
  'POST /api/Language/upload': (v) => ({
    method: 'POST',
    url: '/Language/upload',
    upload: { studentId: String(v.studentId) },
  }),
  'GET /api/ApplicationStatus/list': (v) => ({
    method: 'GET',
    url: `/ApplicationStatus/list?studentId=${v.studentId}`,
  }),
  'GET /api/ApplicationStatus/get': (v) => ({
    method: 'GET',
    url: `/ApplicationStatus/get?studentCourseId=${v.studentCourseId}`,
  }),
  'POST /api/ApplicationStatus/withdraw': (v) => ({
    method: 'POST',
    url: '/ApplicationStatus/withdraw',
    body: { studentCourseId: v.studentCourseId, version: 2 },
  }),
  'GET /api/DocumentRequest/list': (v) => ({
    method: 'GET',
    url: `/DocumentRequest/list?studentCourseId=${v.studentCourseId}`,
  }),
  'POST /api/DocumentRequest/upload': (v) => ({
    method: 'POST',
    url: `/DocumentRequest/upload?requestId=${v.requestId}`,
    upload: {},
  }),
  'GET /api/ApplicationForm/generate-application-form': (v) => ({
    method: 'GET',
    url: `/ApplicationForm/generate-application-form?studentCourseId=${v.studentCourseId}`,
  }),
  'GET /api/ApplicationForm/:id': (v) => ({ method: 'GET', url: `/ApplicationForm/${v.studentCourseId}` }),
  'GET /api/Review/getReview': (v) => ({ method: 'GET', url: `/Review/getReview?studentId=${v.studentId}` }),
  'GET /api/Stage/get': (v) => ({ method: 'GET', url: `/Stage/get?studentId=${v.studentId}` }),
  'POST /api/Stage/raise': (v) => ({
    method: 'POST',
    url: '/Stage/raise',
    body: { studentId: v.studentId, stage: 10 },
  }),
  'POST /api/Stage/confirm': (v) => ({
    method: 'POST',
    url: '/Stage/confirm',
    body: { studentId: v.studentId },
  }),
  'GET /api/Draft': (v) => ({ method: 'GET', url: `/Draft?studentId=${v.studentId}` }),
  'PUT /api/Draft': (v) => ({
    method: 'PUT',
    url: `/Draft?studentId=${v.studentId}&step=2`,
    body: { planted: 'yes' },
  }),
  'DELETE /api/Draft': (v) => ({ method: 'DELETE', url: `/Draft?studentId=${v.studentId}&step=2` }),
  'POST /api/StudentCourse/addOrUpdateList': (v) => ({
    method: 'POST',
    url: `/StudentCourse/addOrUpdateList?studentId=${v.studentId}&stage=9`,
    body: [catalogueCourseId],
  }),
  // Issue 22: an application's offer letter (the letter's own test gives the victim an offer).
  'GET /api/ApplicationStatus/offerLetter': (v) => ({
    method: 'GET',
    url: `/ApplicationStatus/offerLetter?studentCourseId=${v.studentCourseId}`,
  }),
  // Issue 22: the applicant's answer and a condition's evidence; the offer's admin routes.
  'POST /api/ApplicationStatus/answerOffer': (v) => ({
    method: 'POST',
    url: '/ApplicationStatus/answerOffer',
    body: { studentCourseId: v.studentCourseId, version: 2, answer: 'decline' },
  }),
  'POST /api/ApplicationStatus/offerCondition/:id/evidence': (v) => ({
    method: 'POST',
    url: `/ApplicationStatus/offerCondition/${v.conditionId}/evidence`,
    upload: {},
  }),
  'POST /api/ApplicationStatus/offerTerms': 'admins',
  'POST /api/ApplicationStatus/offerCondition': 'admins',
  'POST /api/ApplicationStatus/passport': 'admins',
  'POST /api/ApplicationStatus/move': 'admins',
  'POST /api/ApplicationStatus/undo': 'admins',
  'POST /api/ApplicationStatus/defer': 'admins',
  'GET /api/ApplicationStatus/laterIntakes': 'admins',
  'POST /api/ApplicationForm/update': 'admins',
  'POST /api/ApplicationForm/delete': 'admins',
  'POST /api/ApplicationForm/add': 'admins',
  'GET /api/MailJob/:id/eml': 'admins',
  'POST /api/MailJob/:id/retry': 'admins',
  'POST /api/User/disable': 'admins',
  'POST /api/User/enable': 'admins',
  'POST /api/Notification/markNotified': 'admins',
  // Issue 18: another account's notification is left alone exactly like a missing one.
  'POST /api/UserNotification/markRead': (v) => ({
    method: 'POST',
    url: '/UserNotification/markRead',
    body: { ids: [v.notificationId] },
  }),
  'GET /api/auth/demo-oidc/interaction/:uid': {
    notAnOwnersRecord: 'a sign-in interaction, bound to its browser cookie',
  },
  'POST /api/auth/demo-oidc/interaction/:uid/login': { notAnOwnersRecord: 'a sign-in interaction' },
  'POST /api/auth/demo-oidc/interaction/:uid/abort': { notAnOwnersRecord: 'a sign-in interaction' },
};

const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

/** Whether a route names a record: a path parameter, an id in its query or body, or an upload. */
function takesId(rule: TAccessRule): boolean {
  if (/\/:[A-Za-z]+/.test(rule.url)) return true;
  if (rule.url.endsWith('/upload')) return true;
  const schema = rule.schema as { querystring?: unknown; body?: unknown } | undefined;
  return [...shapeKeys(schema?.querystring), ...shapeKeys(schema?.body)].some((k) => /id$/i.test(k));
}

/** A real catalogue course, so a course list is refused for its student, not for the course. */
let catalogueCourseId = 0;

const MISSING: TIds = {
  studentId: 2147483000,
  studentCourseId: 2147483000,
  requestId: 2147483000,
  documentId: 2147483000,
  fileId: '00000000-0000-4000-8000-000000000000',
  qualificationId: 2147483000,
  languageId: 2147483000,
  notificationId: 2147483000,
  conditionId: 2147483000,
};

describe(`SECURITY 1, 2, 27: object-level checks on every id-taking route (${testDbKind()})`, () => {
  let t: TestApp & { filesDir: string };
  let admin: TClient;
  const who = {} as Record<'A' | 'B' | 'X' | 'Y', TWho>;
  const victims = {} as Record<'B' | 'Y', TIds>;

  async function victimIds(c: TClient, w: TWho, marker: string, courseId: number): Promise<TIds> {
    const { studentId, applications } = await submitted(t, c, w, marker, [courseId]);
    const studentCourseId = applications[0]!;
    const docs = ok<{ id: number; fileId: string }[]>(await c.get(`/Document/list?studentId=${studentId}`));
    const [qualification] = ok<{ id: number }[]>(await c.post('/Qualification/find', { studentId }));
    const [language] = ok<{ id: number }[]>(await c.post('/Language/find', { studentId }));
    const submittedState = await stateOf(admin, studentCourseId);
    const state = ok<TApplicationStatusState>(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId,
        to: 'underReview',
        version: submittedState.version,
      }),
    );
    ok(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId,
        to: 'documentsRequested',
        version: state.version,
        message: 'One more, please.',
        requests: [{ documentTypeId: 1 }],
      }),
    );
    const [request] = ok<TDocumentRequest[]>(
      await c.get(`/DocumentRequest/list?studentCourseId=${studentCourseId}`),
    );
    const [notification] = ok<TUserNotificationList>(await c.get('/UserNotification/list')).items;
    // An offer with one pending condition, written directly (the status stays where the probes need it).
    const [offer] = await t.database.db
      .insert(offers)
      .values({
        studentCourseId,
        type: 'conditional',
        answerBy: new Date(Date.now() + 14 * 864e5).toISOString(),
      })
      .returning({ id: offers.id });
    const [condition] = await t.database.db
      .insert(offerConditions)
      .values({ offerId: offer!.id, position: 0, kind: 'englishTest', text: 'IELTS 6.0' })
      .returning({ id: offerConditions.id });
    return {
      studentId,
      studentCourseId,
      requestId: request!.id,
      documentId: docs[0]!.id,
      fileId: docs[0]!.fileId,
      qualificationId: qualification!.id,
      languageId: language!.id,
      notificationId: notification!.id,
      conditionId: condition!.id,
    };
  }

  /** Every row that belongs to these students, in every table that names a student or application. */
  async function snapshot(studentIds: number[]) {
    const list = sql.raw(studentIds.join(','));
    const tables = (await t.database.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and column_name in ('student_id', 'student_course_id')
          order by table_name, column_name`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    const out: Record<string, unknown> = {};
    for (const { table_name: table, column_name: column } of tables.rows) {
      const owned =
        column === 'student_id'
          ? sql`${sql.identifier(column)} in (${list})`
          : sql`${sql.identifier(column)} in (select id from student_courses where student_id in (${list}))`;
      const rows = (await t.database.db.execute(
        sql`select * from ${sql.identifier(table)} where ${owned} order by 1`,
      )) as unknown as { rows: unknown[] };
      out[`${table}.${column}`] = rows.rows;
    }
    const profiles = (await t.database.db.execute(
      sql`select * from student_infos where id in (${list}) order by id`,
    )) as unknown as { rows: unknown[] };
    out.student_infos = profiles.rows;
    return JSON.stringify(out);
  }

  async function send(w: TWho, probe: ReturnType<TProbe>) {
    if (probe.upload) {
      const res = await upload(t, w, probe.url, {
        file: { filename: 'scan.pdf', data: pdfFile() },
        fields: probe.upload,
      });
      return { status: res.status, text: res.res.body };
    }
    const res = await t.app.inject({
      method: probe.method,
      url: `/api${probe.url}`,
      headers: {
        ...(w?.headers ?? {}),
        ...(probe.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(probe.body !== undefined ? { payload: JSON.stringify(probe.body) } : {}),
    });
    return { status: res.statusCode, text: res.body };
  }

  beforeAll(async () => {
    t = await createDocsApp({ UPLOAD_MAX_MB: '1' });
    admin = client(t, await signInAs(t, 'objects.admin@security.test', 'Admin'));
    who.A = await signInAs(t, 'objects.a@security.test', 'Student');
    who.B = await signInAs(t, 'objects.b@security.test', 'Student');
    who.X = await signInAs(t, 'objects.x@security.test', 'Agent');
    who.Y = await signInAs(t, 'objects.y@security.test', 'Agent');
    const cat = await seedCatalogue(admin, 'Obj');
    catalogueCourseId = cat.universityCourseId;
    victims.B = await victimIds(client(t, who.B), who.B, 'Objbravo', cat.universityCourseId);
    victims.Y = await victimIds(client(t, who.Y), who.Y, 'Objyankee', cat.universityCourseId);
    // The attackers have records of their own, so "none of mine" is not the same as "none at all".
    await submitted(t, client(t, who.A), who.A, 'Objalpha', [cat.universityCourseId]);
    await submitted(t, client(t, who.X), who.X, 'Objxray', [cat.universityCourseId]);
  }, 240_000);
  afterAll(() => t?.close());

  it('items 1, 2: every id-taking route outside the generic verbs has an object-level probe', () => {
    const unprobed = t.app.accessRules
      .filter((r) => r.method !== 'HEAD' && !GENERIC_VERBS.test(r.url) && takesId(r))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in PROBES));
    expect(unprobed).toEqual([]);
    const notAdminOnly = Object.entries(PROBES)
      .filter(([, entry]) => entry === 'admins')
      .filter(([key]) => {
        const rule = t.app.accessRules.find((r) => `${r.method} ${r.url}` === key);
        return JSON.stringify(rule?.access) !== JSON.stringify(['Admin']);
      });
    expect(notAdminOnly).toEqual([]);
  });

  it("items 1, 2, 27: another owner's id answers exactly like a missing one, and changes nothing", async () => {
    const before = await snapshot([victims.B.studentId, victims.Y.studentId]);
    const wrong: string[] = [];
    let probes = 0;
    for (const [key, entry] of Object.entries(PROBES)) {
      if (typeof entry !== 'function') continue;
      for (const [attacker, victim] of [
        ['A', 'B'],
        ['X', 'Y'],
      ] as const) {
        const onVictim = await send(who[attacker], entry(victims[victim]));
        const onMissing = await send(who[attacker], entry(MISSING));
        probes += 2;
        const cell = `${key}: ${attacker} on ${victim}'s`;
        if (onVictim.status !== onMissing.status)
          wrong.push(`${cell} ${onVictim.status}, a missing id ${onMissing.status}`);
        if (onVictim.status !== 404 && onVictim.status !== 200)
          wrong.push(`${cell} ${onVictim.status}, expected 404`);
        // A list (200) of someone else's student must be the list of a missing one: empty.
        if (onVictim.status === 200 && onVictim.text !== onMissing.text)
          wrong.push(`${cell} listed ${onVictim.text.slice(0, 80)}`);
        for (const marker of ['Objbravo', 'Objyankee'])
          if (onVictim.text.includes(marker)) wrong.push(`${cell} answer shows ${marker}`);
      }
    }
    console.log(`items 1, 2: ${probes} object-level probes`);
    expect(wrong).toEqual([]);
    expect(await snapshot([victims.B.studentId, victims.Y.studentId])).toBe(before);
    // The owners still reach their records through the same routes (the probes were not vacuous).
    for (const owner of ['B', 'Y'] as const) {
      const v = victims[owner];
      for (const key of [
        'GET /api/Document/downloadByFileId/:fileId',
        'GET /api/ApplicationStatus/get',
        'GET /api/Review/getReview',
        'GET /api/ApplicationForm/:id',
      ]) {
        const res = await send(who[owner], (PROBES[key] as TProbe)(v));
        expect(res.status, `${key} as the owner ${owner}`).toBe(200);
      }
    }
  }, 300_000);
});
