// @both-databases: two answers of one student at once, each declining the other's offer (row locks in id order)
import {
  APPLICATION_STATUSES,
  mayMove,
  type TApplicationStatus,
  type TApplicationStatusDetail,
  type TApplicationStatusState,
} from '@uniapply/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { ok } from '../application-wizard/complete.js';
import { TestClock } from '../clock.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, type TClient, universityCourseBody } from '../resources/helpers.js';
import { detail, forceStatus, mailsOf, recordChanges, stateOf, submitted } from './helpers.js';

// Issue 22 items 1 and 4, the applicant's side of an offer: the student (or the owning agent)
// accepts or declines an open offer, may decline the student's other open offers in the same step
// (all or nothing), never after the offer's answer-by date; no admin answers, and no one undoes
// an answer.

const clock = new TestClock(new Date());
let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let adminWho: Awaited<ReturnType<typeof signInAs>>;
let student: TClient;
let studentWho: Awaited<ReturnType<typeof signInAs>>;
let agent: TClient;
let otherAgent: TClient;
let otherStudent: TClient;
/** The student's own three applications. */
let own: { studentId: number; applications: number[] };
/** The agent's two students: two applications and one. */
let agentsA: { studentId: number; applications: number[] };
let agentsB: { studentId: number; applications: number[] };
/** Another student's application. */
let foreign: number;

beforeAll(async () => {
  t = await createDocsApp({}, { clock });
  adminWho = await signInAs(t, 'answer.admin@apps.test', 'Admin');
  admin = client(t, adminWho);
  studentWho = await signInAs(t, 'answer.student@apps.test', 'Student');
  student = client(t, studentWho);
  const agentWho = await signInAs(t, 'answer.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  otherAgent = client(t, await signInAs(t, 'answer.other-agent@apps.test', 'Agent'));
  const otherWho = await signInAs(t, 'answer.other-student@apps.test', 'Student');
  otherStudent = client(t, otherWho);
  const cat = await seedCatalogue(admin, 'Answer');
  const more = async (price: number) =>
    ok<{ id: number }>(
      await admin.post(
        '/UniversityCourse/AddUniversityCourse',
        universityCourseBody(cat.universityId, cat.courseId, price),
      ),
    ).id;
  const second = await more(9000);
  const third = await more(7000);
  own = await submitted(t, student, studentWho, 'Selfie', [cat.universityCourseId, second, third]);
  agentsA = await submitted(t, agent, agentWho, 'AgentedA', [cat.universityCourseId, second]);
  agentsB = await submitted(t, agent, agentWho, 'AgentedB', [cat.universityCourseId]);
  foreign = (await submitted(t, otherStudent, otherWho, 'Foreign', [cat.universityCourseId]))
    .applications[0]!;
});
afterAll(() => t?.close());

const answer = (c: TClient, studentCourseId: number, body: object) =>
  c.post('/ApplicationStatus/answerOffer', { studentCourseId, ...body });

/** Puts applications into statuses (version 0) and gives each an offer answerable `hours` from now. */
async function offered(ids: number[], status: TApplicationStatus = 'conditionalOffer', hours = 48) {
  await t.database.db.delete(offers).where(inArray(offers.studentCourseId, ids));
  for (const id of ids) {
    await forceStatus(t, id, status);
    await t.database.db.insert(offers).values({
      studentCourseId: id,
      type: status === 'unconditionalOffer' ? 'unconditional' : 'conditional',
      answerBy: new Date(clock.now().getTime() + hours * 3600_000).toISOString(),
    });
  }
}

const answeredAt = async (id: number) =>
  (
    await t.database.db.select({ at: offers.answeredAt }).from(offers).where(eq(offers.studentCourseId, id))
  )[0]?.at ?? null;

describe('who answers, from where', () => {
  it('every status and answer by each role: the applicant from an open offer only, never an admin', async () => {
    const id = agentsA.applications[0]!;
    const outcomes: string[] = [];
    for (const from of APPLICATION_STATUSES) {
      for (const kind of ['accept', 'decline'] as const) {
        const to = kind === 'accept' ? 'offerAccepted' : 'offerDeclined';
        await forceStatus(t, id, from);
        // Another agent, a student of another profile: 404, like a missing application.
        for (const c of [otherAgent, otherStudent, student]) {
          const r = await answer(c, id, { version: 0, answer: kind });
          if (r.status !== 404) outcomes.push(`foreign ${kind} ${from}: ${r.status}`);
        }
        // An admin never answers (403, like the admin's attempt to withdraw).
        const a = await answer(admin, id, { version: 0, answer: kind });
        if (a.status !== 403) outcomes.push(`admin ${kind} ${from}: ${a.status}`);
        const r = await answer(agent, id, { version: 0, answer: kind });
        const expected = mayMove('applicant', from, to) ? 200 : 409;
        if (r.status !== expected) outcomes.push(`agent ${kind} ${from}: ${r.status}`);
        if (r.status === 409)
          expect(r.body).toMatchObject({
            code: 'statusConflict',
            params: { reason: 'illegal', current: from },
          });
        if (r.status === 200) expect(r.body).toMatchObject({ status: to, version: 1 });
      }
    }
    expect(outcomes).toEqual([]);
    // And the applicant never makes an admin move: the move route is the admins'.
    await forceStatus(t, id, 'conditionalOffer');
    for (const to of ['offerAccepted', 'unconditionalOffer', 'rejected'])
      expect(
        (await agent.post('/ApplicationStatus/move', { studentCourseId: id, to, version: 0 })).status,
      ).toBe(403);
    expect((await client(t, null).post('/ApplicationStatus/answerOffer', {})).status).toBe(401);
  });

  it('the student accepts their own offer: history by the student, the offer answered, mails and a live change', async () => {
    const [a] = own.applications as [number];
    await offered([a], 'unconditionalOffer');
    const changes = recordChanges(t);
    const state = ok<TApplicationStatusState>(await answer(student, a, { version: 0, answer: 'accept' }));
    changes.stop();
    expect(state).toMatchObject({ status: 'offerAccepted', version: 1 });
    const d = ok<TApplicationStatusDetail>(await detail(student, a));
    expect(d.history.at(-1)).toMatchObject({
      from: 'unconditionalOffer',
      to: 'offerAccepted',
      byUserId: studentWho.userId,
    });
    expect(d.offer?.answeredAt).toBe(clock.now().toISOString());
    expect(changes.seen).toEqual([expect.objectContaining({ kind: 'statusChanged', to: 'offerAccepted' })]);
    expect((await mailsOf(t, own.studentId)).at(-1)).toMatchObject({
      kind: 'statusChanged',
      params: expect.objectContaining({ from: 'unconditionalOffer', to: 'offerAccepted' }),
    });
    // A stale version is a conflict; an answered offer cannot be answered again.
    expect((await answer(student, a, { version: 0, answer: 'decline' })).body).toMatchObject({
      code: 'statusConflict',
      params: { reason: 'stale' },
    });
    expect((await answer(student, a, { version: 1, answer: 'decline' })).body).toMatchObject({
      code: 'statusConflict',
      params: { reason: 'illegal', current: 'offerAccepted' },
    });
  });

  it('without an offer row (an offer made before issue 22) the answer is taken', async () => {
    const id = agentsB.applications[0]!;
    await t.database.db.delete(offers).where(eq(offers.studentCourseId, id));
    await forceStatus(t, id, 'conditionalOffer');
    expect(
      ok<TApplicationStatusState>(await answer(agent, id, { version: 0, answer: 'decline' })),
    ).toMatchObject({
      status: 'offerDeclined',
    });
  });
});

describe('the answer-by date', () => {
  it('refuses an answer after the date (409 offerAnswerPast with the date), and changes nothing', async () => {
    const [a] = own.applications as [number];
    await offered([a], 'conditionalOffer', 1);
    const answerBy = new Date(clock.now().getTime() + 3600_000).toISOString();
    clock.advance(2 * 3600_000);
    try {
      for (const kind of ['accept', 'decline'] as const) {
        const r = await answer(student, a, { version: 0, answer: kind });
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ code: 'offerAnswerPast', params: { answerBy } });
      }
      expect(await stateOf(student, a)).toMatchObject({ status: 'conditionalOffer', version: 0 });
      expect(await answeredAt(a)).toBeNull();
    } finally {
      clock.advance(-2 * 3600_000);
    }
    // Before the date the same answer is taken.
    expect(
      ok<TApplicationStatusState>(await answer(student, a, { version: 0, answer: 'accept' })).status,
    ).toBe('offerAccepted');
  });
});

describe('declining the other offers', () => {
  it('accepts one and declines the ticked others in one step; an unticked offer stays open', async () => {
    const [a, b, c] = own.applications as [number, number, number];
    await offered([a, b, c]);
    const changes = recordChanges(t);
    ok(await answer(student, a, { version: 0, answer: 'accept', declineOthers: [b] }));
    changes.stop();
    expect((await stateOf(student, a)).status).toBe('offerAccepted');
    expect(await stateOf(student, b)).toMatchObject({ status: 'offerDeclined', version: 1 });
    expect(await stateOf(student, c)).toMatchObject({ status: 'conditionalOffer', version: 0 });
    expect(await answeredAt(b)).not.toBeNull();
    expect(await answeredAt(c)).toBeNull();
    expect(ok<TApplicationStatusDetail>(await detail(student, b)).history.at(-1)).toMatchObject({
      from: 'conditionalOffer',
      to: 'offerDeclined',
      byUserId: studentWho.userId,
    });
    expect(changes.seen.map((ch) => ch.kind === 'statusChanged' && [ch.studentCourseId, ch.to])).toEqual([
      [a, 'offerAccepted'],
      [b, 'offerDeclined'],
    ]);
  });

  it('is all or nothing: one that is not an open offer refuses the whole step', async () => {
    const [a, b, c] = own.applications as [number, number, number];
    await offered([a, b]);
    await forceStatus(t, c, 'underReview');
    const r = await answer(student, a, { version: 0, answer: 'accept', declineOthers: [b, c] });
    expect(r.body).toMatchObject({ code: 'statusConflict', params: { current: 'underReview' } });
    for (const id of [a, b]) {
      expect(await stateOf(student, id)).toMatchObject({ status: 'conditionalOffer', version: 0 });
      expect(await answeredAt(id)).toBeNull();
    }
  });

  it("another owner's application, another student's, or a missing one: 404, and nothing changed", async () => {
    const [a, b] = own.applications as [number, number];
    await offered([a, b, foreign]);
    for (const other of [foreign, agentsA.applications[1]!, 999999]) {
      const r = await answer(student, a, { version: 0, answer: 'accept', declineOthers: [b, other] });
      expect(r.status).toBe(404);
    }
    // The agent owns both students, but declineOthers takes only the same student's offers.
    const [x] = agentsA.applications as [number];
    const y = agentsB.applications[0]!;
    await offered([x, y]);
    expect((await answer(agent, x, { version: 0, answer: 'accept', declineOthers: [y] })).status).toBe(404);
    for (const id of [a, b, foreign, x, y]) {
      expect((await stateOf(admin, id)).status).toBe('conditionalOffer');
      expect(await answeredAt(id)).toBeNull();
    }
    // Declining others goes with accepting only; an offer never declines itself.
    expect((await answer(student, a, { version: 0, answer: 'decline', declineOthers: [b] })).status).toBe(
      400,
    );
    expect((await answer(student, a, { version: 0, answer: 'accept', declineOthers: [a] })).status).toBe(400);
  });

  it('two answers at once, each declining the other: one wins, the other is a conflict', async () => {
    const [a, b] = own.applications as [number, number];
    await offered([a, b]);
    const results = await Promise.all([
      answer(student, a, { version: 0, answer: 'accept', declineOthers: [b] }),
      answer(student, b, { version: 0, answer: 'accept', declineOthers: [a] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const statuses = [(await stateOf(student, a)).status, (await stateOf(student, b)).status].sort();
    expect(statuses).toEqual(['offerAccepted', 'offerDeclined']);
  });

  it('sent twice with one Idempotency-Key, answers once', async () => {
    const [a, b] = own.applications as [number, number];
    await offered([a, b]);
    const before = ok<TApplicationStatusDetail>(await detail(student, a)).history.length;
    const key = `answer-twice-${a}-${Date.now()}`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ApplicationStatus/answerOffer',
        headers: { ...studentWho.headers, 'idempotency-key': key },
        payload: { studentCourseId: a, version: 0, answer: 'accept', declineOthers: [b] },
      });
    const both = await Promise.all([send(), send()]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(JSON.parse(both[0]!.body)).toEqual(JSON.parse(both[1]!.body));
    expect(ok<TApplicationStatusDetail>(await detail(student, a)).history).toHaveLength(before + 1);
    expect(ok<TApplicationStatusDetail>(await detail(student, b)).history.at(-1)).toMatchObject({
      to: 'offerDeclined',
    });
  });
});

describe('undo', () => {
  it("no one undoes the applicant's answer; the admin's next move can be undone", async () => {
    const [a, b] = own.applications as [number, number];
    await offered([a, b]);
    ok(await answer(student, a, { version: 0, answer: 'accept', declineOthers: [b] }));
    for (const id of [a, b])
      expect(
        (await admin.post('/ApplicationStatus/undo', { studentCourseId: id, version: 1 })).body,
      ).toMatchObject({ code: 'undoUnavailable' });
    expect((await student.post('/ApplicationStatus/undo', { studentCourseId: a, version: 1 })).status).toBe(
      403,
    );
    // The admin's own move after the answer is theirs to undo, back to offerAccepted, and no further.
    ok(await admin.post('/ApplicationStatus/move', { studentCourseId: a, to: 'depositPaid', version: 1 }));
    const back = ok<TApplicationStatusState>(
      await admin.post('/ApplicationStatus/undo', { studentCourseId: a, version: 2 }),
    );
    expect(back.status).toBe('offerAccepted');
    expect(
      (await admin.post('/ApplicationStatus/undo', { studentCourseId: a, version: back.version })).body,
    ).toMatchObject({ code: 'undoUnavailable' });
  });
});
