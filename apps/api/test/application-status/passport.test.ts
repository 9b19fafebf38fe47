import type { TApplicationStatusDetail, TApplicationStatusState } from '@uniapply/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, type TClient } from '../resources/helpers.js';
import { detail, forceStatus, stateOf, submitted } from './helpers.js';

// Issue 22 item 5: the passport's whereabouts, set by admins (no history entry, the status's
// version and time stay) and seen by the applicant side in the state; and the stage durations
// every signed-in user may read (only those, never the rest of the settings).

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let student: TClient;
let agent: TClient;
let otherAgent: TClient;
let anonymous: TClient;
let own: number; // the student's own application
let agents: number; // the agent's student's application

beforeAll(async () => {
  t = await createDocsApp();
  admin = client(t, await signInAs(t, 'passport.admin@apps.test', 'Admin'));
  const studentWho = await signInAs(t, 'passport.student@apps.test', 'Student');
  student = client(t, studentWho);
  const agentWho = await signInAs(t, 'passport.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  otherAgent = client(t, await signInAs(t, 'passport.other-agent@apps.test', 'Agent'));
  anonymous = client(t, null);
  const cat = await seedCatalogue(admin, 'Pass');
  own = (await submitted(t, student, studentWho, 'Passy', [cat.universityCourseId])).applications[0]!;
  agents = (await submitted(t, agent, agentWho, 'Agenty', [cat.universityCourseId])).applications[0]!;
  // The applicant accepts (lane pipe22's route): here the row is written directly.
  await forceStatus(t, own, 'offerAccepted');
  await forceStatus(t, agents, 'depositPaid');
});
afterAll(() => t?.close());

const setPassport = (c: TClient, studentCourseId: number, whereabouts: unknown) =>
  c.post('/ApplicationStatus/passport', { studentCourseId, whereabouts });

describe('POST /ApplicationStatus/passport', () => {
  it('starts with the applicant; the admin sets it and the student and the agent see it', async () => {
    expect((await stateOf(student, own)).passportWhereabouts).toBe('withApplicant');
    const before = await stateOf(admin, own);
    const set = ok<TApplicationStatusState>(await setPassport(admin, own, 'sentToUniversity'));
    expect(set).toMatchObject({
      studentCourseId: own,
      status: 'offerAccepted',
      passportWhereabouts: 'sentToUniversity',
    });
    // Not a move: the version and the status's time stay, and no history entry is written.
    expect(set.version).toBe(before.version);
    expect(set.updatedAt).toBe(before.updatedAt);
    const seen = ok<TApplicationStatusDetail>(await detail(student, own));
    expect(seen.state.passportWhereabouts).toBe('sentToUniversity');
    expect(seen.history.map((e) => e.to)).toEqual(['submitted']);
    const listed = ok<TApplicationStatusState[]>(await student.get('/ApplicationStatus/list'));
    expect(listed.find((s) => s.studentCourseId === own)?.passportWhereabouts).toBe('sentToUniversity');

    ok(await setPassport(admin, agents, 'withEmgs'));
    expect((await stateOf(agent, agents)).passportWhereabouts).toBe('withEmgs');
    const [row] = await t.database.db
      .select({ w: applicationStatuses.passportWhereabouts })
      .from(applicationStatuses)
      .where(eq(applicationStatuses.studentCourseId, agents));
    expect(row?.w).toBe('withEmgs');
  });

  it('tells the applicant side: a stored notification for the student and the owning agent, once per change', async () => {
    type TListed = {
      items: { kind: string; studentCourseId: number | null; payload: unknown }[];
      unread: number;
    };
    const passportNews = async (c: TClient) =>
      ok<TListed>(await c.get('/UserNotification/list')).items.filter((n) => n.kind === 'passportMoved');
    // The first test moved both passports once.
    expect(await passportNews(student)).toEqual([
      expect.objectContaining({
        studentCourseId: own,
        payload: { from: 'withApplicant', to: 'sentToUniversity' },
      }),
    ]);
    expect(await passportNews(agent)).toEqual([
      expect.objectContaining({
        studentCourseId: agents,
        payload: { from: 'withApplicant', to: 'withEmgs' },
      }),
    ]);
    // The same place again is no news; a new place is.
    ok(await setPassport(admin, agents, 'withEmgs'));
    expect(await passportNews(agent)).toHaveLength(1);
    ok(await setPassport(admin, agents, 'returned'));
    const news = await passportNews(agent);
    expect(news.map((n) => n.payload)).toEqual([
      { from: 'withEmgs', to: 'returned' },
      { from: 'withApplicant', to: 'withEmgs' },
    ]);
    expect(await passportNews(otherAgent)).toEqual([]);
  });

  it('is for admins only: the student, the owning agent and anonymous are refused', async () => {
    expect((await setPassport(student, own, 'returned')).status).toBe(403);
    expect((await setPassport(agent, agents, 'returned')).status).toBe(403);
    expect((await setPassport(otherAgent, agents, 'returned')).status).toBe(403);
    expect((await setPassport(anonymous, own, 'returned')).status).toBe(401);
    expect((await stateOf(admin, own)).passportWhereabouts).toBe('sentToUniversity');
  });

  it('a missing application is a 404; a value off the list is a 400', async () => {
    expect((await setPassport(admin, 2_147_483_000, 'returned')).status).toBe(404);
    for (const bad of ['lost', '', null, 'WITHEMGS'])
      expect((await setPassport(admin, own, bad)).status).toBe(400);
    expect((await admin.post('/ApplicationStatus/passport', { whereabouts: 'returned' })).status).toBe(400);
    expect((await stateOf(admin, own)).passportWhereabouts).toBe('sentToUniversity');
  });

  it('another owner sees a changed passport of an application not theirs as missing', async () => {
    expect((await detail(otherAgent, agents)).status).toBe(404);
  });
});

describe('GET /Settings/stageDurations', () => {
  it('every signed-in role reads the durations, with the admin’s changes, and nothing else', async () => {
    for (const c of [student, agent, admin])
      expect(ok(await c.get('/Settings/stageDurations'))).toEqual({
        depositDays: 14,
        passFiledDays: 14,
        evalIssuedDays: 45,
        enrolledDays: 30,
      });
    const all = ok<Record<string, number>>(await admin.get('/Settings'));
    ok(await admin.put('/Settings', { ...all, evalIssuedDays: 60 }));
    expect(ok(await student.get('/Settings/stageDurations'))).toMatchObject({ evalIssuedDays: 60 });
    expect((await anonymous.get('/Settings/stageDurations')).status).toBe(401);
    expect((await student.get('/Settings')).status).toBe(403);
  });
});
