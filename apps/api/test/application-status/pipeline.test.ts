// @both-databases: two admins moving one status at once (row lock)
import {
  APPLICATION_STATUSES,
  mayMove,
  type TApplicationStatusDetail,
  type TApplicationStatusState,
} from '@uniapply/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatusHistory } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, type TClient, universityCourseBody } from '../resources/helpers.js';
import { detail, forceStatus, mailsOf, recordChanges, stateOf, submitted } from './helpers.js';

// Issue 12, the status pipeline: confirm enters submitted; every move of the table by each role;
// 409 on an illegal move and on a stale version; undo within 24 hours; withdraw by the applicant
// side; internal notes never reach a student or an agent; another owner's application is a 404.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let adminWho: Awaited<ReturnType<typeof signInAs>>;
let adminId: number;
let admin2: TClient;
let student: TClient;
let studentUserId: number;
let agent: TClient;
let otherAgent: TClient;
let otherStudent: TClient;
let anonymous: TClient;
let own: { studentId: number; applications: number[] }; // the student's own application
let agents: { studentId: number; applications: number[] }; // the agent's student, two courses
let universityCourseId: number;

beforeAll(async () => {
  t = await createDocsApp();
  adminWho = await signInAs(t, 'status.admin@apps.test', 'Admin');
  adminId = adminWho.userId;
  admin = client(t, adminWho);
  admin2 = client(t, await signInAs(t, 'status.admin2@apps.test', 'Admin'));
  const studentWho = await signInAs(t, 'status.student@apps.test', 'Student');
  student = client(t, studentWho);
  studentUserId = studentWho.userId;
  const agentWho = await signInAs(t, 'status.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  otherAgent = client(t, await signInAs(t, 'status.other-agent@apps.test', 'Agent'));
  otherStudent = client(t, await signInAs(t, 'status.other-student@apps.test', 'Student'));
  anonymous = client(t, null);
  const cat = await seedCatalogue(admin, 'Pipe');
  universityCourseId = cat.universityCourseId;
  const second = ok<{ id: number }>(
    await admin.post(
      '/UniversityCourse/AddUniversityCourse',
      universityCourseBody(cat.universityId, cat.courseId, 9000),
    ),
  ).id;
  own = await submitted(t, student, studentWho, 'Selfie', [cat.universityCourseId]);
  agents = await submitted(t, agent, agentWho, 'Agented', [cat.universityCourseId, second]);
});
afterAll(() => t?.close());

const move = (c: TClient, studentCourseId: number, to: string, version: number, extra: object = {}) =>
  c.post('/ApplicationStatus/move', { studentCourseId, to, version, ...extra });

describe('confirm', () => {
  it('enters submitted with one history row by the system; a repeated confirm adds none', async () => {
    expect(own.applications).toHaveLength(1);
    expect(agents.applications).toHaveLength(2);
    const d = ok<TApplicationStatusDetail>(await detail(student, own.applications[0]!));
    expect(d.state).toMatchObject({ status: 'submitted', version: 0, studentId: own.studentId });
    expect(d.history).toEqual([
      expect.objectContaining({ from: null, to: 'submitted', byUserId: null, message: null }),
    ]);
    ok(await student.post('/Stage/confirm', { studentId: own.studentId }));
    expect(ok<TApplicationStatusDetail>(await detail(student, own.applications[0]!)).history).toHaveLength(1);
    // The "received" mail, queued once: to the student's account (Uzbek, the default language);
    // for the agent's student, to the profile's email and a copy to the agent.
    expect(await mailsOf(t, own.studentId)).toEqual([
      expect.objectContaining({
        kind: 'received',
        audience: 'student',
        recipient: 'status.student@apps.test',
        language: 'uz',
        params: expect.objectContaining({ university: 'Pipe University', course: 'Pipe Software' }),
      }),
    ]);
    // Issue 20 item 6: one mail per recipient naming both courses, not one per course.
    const agentMails = await mailsOf(t, agents.studentId);
    expect(agentMails.map((m) => [m.kind, m.audience])).toEqual([
      ['received', 'profile'],
      ['received', 'agent'],
    ]);
    expect(agentMails[0]!.params).toMatchObject({
      courses: [
        { university: 'Pipe University', course: 'Pipe Software' },
        { university: 'Pipe University', course: 'Pipe Software' },
      ],
    });
  });
});

describe('who sees what', () => {
  it('lists only the applications in scope; another owner gets 404, no session 401', async () => {
    const ids = async (c: TClient) =>
      ok<TApplicationStatusState[]>(await c.get('/ApplicationStatus/list')).map((s) => s.studentCourseId);
    expect(await ids(student)).toEqual(own.applications);
    expect(await ids(agent)).toEqual(agents.applications);
    expect(await ids(otherAgent)).toEqual([]);
    expect(await ids(otherStudent)).toEqual([]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([...own.applications, ...agents.applications]));
    // Filtered by status (the admin overview and the agent's filter).
    const byStatus = ok<TApplicationStatusState[]>(
      await agent.get('/ApplicationStatus/list?status=submitted'),
    );
    expect(byStatus.map((s) => s.studentCourseId)).toEqual(agents.applications);
    expect(ok<unknown[]>(await agent.get('/ApplicationStatus/list?status=enrolled'))).toEqual([]);
    expect((await agent.get('/ApplicationStatus/list?status=accepted')).status).toBe(400);
    for (const c of [otherAgent, otherStudent, agent]) {
      expect((await detail(c, own.applications[0]!)).status).toBe(404);
    }
    expect((await detail(student, agents.applications[0]!)).status).toBe(404);
    expect((await detail(admin, 999999)).status).toBe(404);
    expect((await detail(anonymous, own.applications[0]!)).status).toBe(401);
    expect((await anonymous.get('/ApplicationStatus/list')).status).toBe(401);
  });
});

describe('moves', () => {
  it('every pair of the table, by each role: admins all but withdrawn, applicants only withdrawn', async () => {
    const id = agents.applications[1]!;
    const outcomes: string[] = [];
    for (const from of APPLICATION_STATUSES) {
      for (const to of APPLICATION_STATUSES) {
        await forceStatus(t, id, from);
        const requests = to === 'documentsRequested' ? { requests: [{ text: 'Passport copy' }] } : {};
        const res = await move(admin, id, to, 0, requests);
        const expected = to === 'withdrawn' ? 403 : mayMove('admin', from, to) ? 200 : 409;
        if (res.status !== expected) outcomes.push(`admin ${from}->${to}: ${res.status}`);
        if (res.status === 409)
          expect(res.body).toMatchObject({ code: 'statusConflict', params: { current: from } });
        if (res.status === 200) expect(res.body).toMatchObject({ status: to, version: 1 });
        // Students and agents never move (only withdraw): the route is the admins', whatever the
        // status, so one row of the table shows it.
        for (const c of from === 'underReview' ? [student, agent] : []) {
          await forceStatus(t, id, from);
          const r = await move(c, id, to, 0, requests);
          if (r.status !== 403) outcomes.push(`applicant move ${from}->${to}: ${r.status}`);
        }
      }
      // Withdraw: the owning agent only (the student of another profile and another agent: 404).
      await forceStatus(t, id, from);
      for (const c of [otherAgent, otherStudent, student]) {
        const r = await c.post('/ApplicationStatus/withdraw', { studentCourseId: id, version: 0 });
        if (r.status !== 404) outcomes.push(`foreign withdraw ${from}: ${r.status}`);
      }
      const w = await agent.post('/ApplicationStatus/withdraw', { studentCourseId: id, version: 0 });
      const expected = mayMove('applicant', from, 'withdrawn') ? 200 : 409;
      if (w.status !== expected) outcomes.push(`agent withdraw ${from}: ${w.status}`);
      if (w.status === 200) expect(w.body).toMatchObject({ status: 'withdrawn' });
      const a = await admin.post('/ApplicationStatus/withdraw', { studentCourseId: id, version: 0 });
      if (a.status !== 403) outcomes.push(`admin withdraw ${from}: ${a.status}`);
    }
    expect(outcomes).toEqual([]);
    expect((await move(anonymous, id, 'underReview', 0)).status).toBe(401);
  });

  it('walks the pipeline with history: who, when, from, to, message', async () => {
    const id = own.applications[0]!;
    const changes = recordChanges(t);
    // The admin's moves, with the applicant's acceptance (issue 22: theirs alone) in the middle.
    const path = [
      'underReview',
      'conditionalOffer',
      'unconditionalOffer',
      'offerAccepted',
      'depositPaid',
      'passFiled',
      'evalIssued',
      'enrolled',
    ];
    let version = 0;
    for (const to of path) {
      const state = ok<TApplicationStatusState>(
        to === 'offerAccepted'
          ? await student.post('/ApplicationStatus/answerOffer', {
              studentCourseId: id,
              version,
              answer: 'accept',
            })
          : await move(admin, id, to, version, { message: `Now ${to}` }),
      );
      expect(state).toMatchObject({ status: to, version: version + 1 });
      version = state.version;
    }
    changes.stop();
    const d = ok<TApplicationStatusDetail>(await detail(student, id));
    expect(d.history.map((h) => [h.from, h.to])).toEqual([
      [null, 'submitted'],
      ['submitted', 'underReview'],
      ...path.slice(1).map((to, i) => [path[i], to]),
    ]);
    const moves = d.history.slice(1);
    expect(
      moves.every((h) =>
        h.to === 'offerAccepted'
          ? h.byUserId === studentUserId && h.message === null
          : h.byUserId === adminId && h.message === `Now ${h.to}`,
      ),
    ).toBe(true);
    expect(changes.seen.map((c) => c.kind === 'statusChanged' && c.to)).toEqual(path);
    expect(changes.seen[0]).toMatchObject({ ownerUserId: expect.any(Number), studentId: own.studentId });
    // Enrolled is final, and withdrawing after the deposit is refused.
    const res = await move(admin, id, 'rejected', version);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'statusConflict',
      params: { current: 'enrolled', reason: 'illegal' },
    });
    const w = await student.post('/ApplicationStatus/withdraw', { studentCourseId: id, version });
    expect(w.body).toMatchObject({ code: 'statusConflict', params: { current: 'enrolled' } });
  });

  it('a stale version is a 409 naming the current status; nothing changes', async () => {
    const id = agents.applications[0]!;
    const before = await stateOf(admin, id);
    ok(await move(admin, id, 'underReview', before.version));
    const stale = await move(admin2, id, 'rejected', before.version);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'statusConflict',
      params: { reason: 'stale', current: 'underReview', version: before.version + 1 },
    });
    expect((await stateOf(admin, id)).status).toBe('underReview');
    // Two admins moving at once from the same version: one wins, the other is told.
    const seen = before.version + 1;
    const both = await Promise.all([
      move(admin, id, 'conditionalOffer', seen),
      move(admin2, id, 'rejected', seen),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!.body as TApplicationStatusState;
    expect(await stateOf(admin, id)).toMatchObject({ status: winner.status, version: seen + 1 });
    // Its mover undoes it (their own last move), back to underReview.
    const mover = winner.status === 'conditionalOffer' ? admin : admin2;
    const reset = ok<TApplicationStatusState>(
      await mover.post('/ApplicationStatus/undo', { studentCourseId: id, version: seen + 1 }),
    );
    expect(reset.status).toBe('underReview');
    // The move's input is checked: an unknown status, a request without documentsRequested.
    expect((await move(admin, id, 'accepted', reset.version)).status).toBe(400);
    expect((await move(admin, id, 'rejected', reset.version, { requests: [{ text: 'x' }] })).status).toBe(
      400,
    );
  });
});

describe('a move sent twice (issue 20 item 6: a double click)', () => {
  it('with one Idempotency-Key moves once: one history entry, the same answer twice, no conflict', async () => {
    const who = await signInAs(t, 'status.twice@apps.test', 'Student');
    const id = (await submitted(t, client(t, who), who, 'Twice', [universityCourseId])).applications[0]!;
    await forceStatus(t, id, 'underReview');
    const before = ok<TApplicationStatusDetail>(await detail(admin, id));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ApplicationStatus/move',
        headers: { ...adminWho.headers, 'idempotency-key': `double-click-${id}` },
        payload: {
          studentCourseId: id,
          to: 'conditionalOffer',
          version: before.state.version,
          message: 'Well done',
        },
      });
    const both = await Promise.all([send(), send()]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(JSON.parse(both[0]!.body)).toEqual(JSON.parse(both[1]!.body));
    const after = ok<TApplicationStatusDetail>(await detail(admin, id));
    expect(after.state).toMatchObject({ status: 'conditionalOffer', version: before.state.version + 1 });
    expect(after.history).toHaveLength(before.history.length + 1);
    // Sent again later, the same key still answers with the first move and adds nothing.
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(ok<TApplicationStatusDetail>(await detail(admin, id)).history).toHaveLength(after.history.length);
  });
});

describe('undo', () => {
  it("undoes the admin's own last move within 24 hours, recorded in the history", async () => {
    const id = agents.applications[0]!;
    let state = await stateOf(admin, id);
    state = ok(await move(admin, id, 'conditionalOffer', state.version, { message: 'Offer' }));
    // Another admin cannot undo it; the mover can, once.
    const foreign = await admin2.post('/ApplicationStatus/undo', {
      studentCourseId: id,
      version: state.version,
    });
    expect(foreign.body).toMatchObject({ code: 'undoUnavailable' });
    expect(
      (await admin.post('/ApplicationStatus/undo', { studentCourseId: id, version: state.version - 1 })).body,
    ).toMatchObject({ code: 'statusConflict', params: { reason: 'stale' } });
    state = ok(await admin.post('/ApplicationStatus/undo', { studentCourseId: id, version: state.version }));
    expect(state.status).toBe('underReview');
    const again = await admin.post('/ApplicationStatus/undo', {
      studentCourseId: id,
      version: state.version,
    });
    expect(again.status).toBe(409);
    const history = ok<TApplicationStatusDetail>(await detail(agent, id)).history;
    const [offer, undo] = history.slice(-2);
    expect(offer).toMatchObject({ to: 'conditionalOffer', undone: true });
    expect(undo).toMatchObject({
      from: 'conditionalOffer',
      to: 'underReview',
      undoes: offer!.id,
      undone: false,
    });
    // Students and agents cannot undo.
    expect(
      (await agent.post('/ApplicationStatus/undo', { studentCourseId: id, version: state.version })).status,
    ).toBe(403);
  });

  it('is refused after 24 hours', async () => {
    const id = agents.applications[0]!;
    let state = await stateOf(admin, id);
    state = ok(await move(admin, id, 'rejected', state.version));
    const [last] = await t.database.db
      .select({ id: applicationStatusHistory.id })
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.studentCourseId, id))
      .orderBy(sql`${applicationStatusHistory.id} desc`)
      .limit(1);
    // 24 hours and a minute ago: too late.
    await t.database.db
      .update(applicationStatusHistory)
      .set({ at: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(applicationStatusHistory.id, last!.id));
    const res = await admin.post('/ApplicationStatus/undo', { studentCourseId: id, version: state.version });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'undoUnavailable' });
    // 23 hours ago: still possible.
    await t.database.db
      .update(applicationStatusHistory)
      .set({ at: sql`now() - interval '23 hours'` })
      .where(eq(applicationStatusHistory.id, last!.id));
    expect(
      ok<TApplicationStatusState>(
        await admin.post('/ApplicationStatus/undo', { studentCourseId: id, version: state.version }),
      ).status,
    ).toBe('underReview');
  });
});

describe('internal notes', () => {
  it('never reach a student or an agent, in the history or the live event', async () => {
    const studentApp = own.applications[0]!;
    const agentApp = agents.applications[0]!;
    // A fresh application of the student's in underReview, with a public and an internal note.
    await forceStatus(t, studentApp, 'underReview');
    const changes = recordChanges(t);
    let state = ok<TApplicationStatusState>(
      await move(admin, studentApp, 'conditionalOffer', 0, { message: 'Secret-ranking-7', internal: true }),
    );
    state = ok(
      await move(admin, studentApp, 'unconditionalOffer', state.version, { message: 'Welcome aboard' }),
    );
    const agentState = await stateOf(admin, agentApp);
    ok(
      await move(admin, agentApp, 'documentsRequested', agentState.version, {
        requests: [{ text: 'Birth certificate' }],
        message: 'Please upload',
      }),
    );
    await forceStatus(t, agentApp, 'underReview');
    const mailsBefore = (await mailsOf(t, agents.studentId)).length;
    ok(await move(admin, agentApp, 'rejected', 0, { message: 'Internal-reason-42', internal: true }));
    // The profile's email and the agent's copy, without the note.
    const noMessage = expect.not.objectContaining({ message: expect.anything() });
    expect((await mailsOf(t, agents.studentId)).slice(mailsBefore)).toEqual([
      expect.objectContaining({ kind: 'statusChanged', audience: 'profile', params: noMessage }),
      expect.objectContaining({ kind: 'statusChanged', audience: 'agent', params: noMessage }),
    ]);
    changes.stop();

    for (const [c, id] of [
      [student, studentApp],
      [agent, agentApp],
    ] as const) {
      const res = await detail(c, id);
      expect(res.text).not.toMatch(/Secret-ranking-7|Internal-reason-42/);
      const history = (res.body as TApplicationStatusDetail).history;
      expect(history.every((h) => h.internal === false)).toBe(true);
      expect(history.some((h) => h.to === 'conditionalOffer' || h.to === 'rejected')).toBe(true);
    }
    expect((await detail(student, studentApp)).text).toContain('Welcome aboard');
    for (const [id, secret] of [
      [studentApp, 'Secret-ranking-7'],
      [agentApp, 'Internal-reason-42'],
    ] as const) {
      const adminView = ok<TApplicationStatusDetail>(await detail(admin, id));
      expect(adminView.history).toContainEqual(expect.objectContaining({ message: secret, internal: true }));
    }
    // Nor in their mails: the status change is mailed, its internal note is not.
    const mails = [...(await mailsOf(t, own.studentId)), ...(await mailsOf(t, agents.studentId))];
    expect(JSON.stringify(mails)).not.toMatch(/Secret-ranking-7|Internal-reason-42/);
    expect(mails).toContainEqual(
      expect.objectContaining({
        kind: 'statusChanged',
        params: expect.objectContaining({
          from: 'conditionalOffer',
          to: 'unconditionalOffer',
          message: 'Welcome aboard',
        }),
      }),
    );
    // The after-commit event carries the note apart from the applicant's message.
    const internal = changes.seen.find((c) => c.kind === 'statusChanged' && c.to === 'conditionalOffer');
    expect(internal).toMatchObject({ message: null, internalNote: 'Secret-ranking-7' });
    // An internal documents request is refused: the applicant must read what is asked.
    await forceStatus(t, agentApp, 'underReview');
    expect(
      (await move(admin, agentApp, 'documentsRequested', 0, { internal: true, requests: [{ text: 'x' }] }))
        .status,
    ).toBe(400);
  });
});

describe('withdraw', () => {
  it('the student withdraws their own application, with a message everyone sees', async () => {
    const id = own.applications[0]!;
    await forceStatus(t, id, 'offerAccepted');
    const state = ok<TApplicationStatusState>(
      await student.post('/ApplicationStatus/withdraw', {
        studentCourseId: id,
        version: 0,
        message: 'I chose another university.',
      }),
    );
    expect(state).toMatchObject({ status: 'withdrawn', version: 1 });
    const last = ok<TApplicationStatusDetail>(await detail(admin, id)).history.at(-1);
    expect(last).toMatchObject({
      from: 'offerAccepted',
      to: 'withdrawn',
      byUserId: studentUserId,
      message: 'I chose another university.',
      internal: false,
    });
    // Withdrawn is final: no admin move, no undo by an admin (not their move).
    expect((await move(admin, id, 'underReview', 1)).status).toBe(409);
    const undo = await admin.post('/ApplicationStatus/undo', { studentCourseId: id, version: 1 });
    expect(undo.body).toMatchObject({ code: 'undoUnavailable' });
  });
});
