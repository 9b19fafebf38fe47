// @both-databases: two adds at once may not pass the limit of two (a row lock on the student)
import { MAX_REFEREES, ZApplication, ZReferee } from '@uniapply/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { client, studentInfoBody, type TClient, where } from './helpers.js';

// Step 8's referees (issue 21 item 4) through the generic Referee resource: at most two per
// student (a third is a 409 `tooManyReferees`), the owner's and an agent's students only, another
// owner's referee and student behave as missing, an admin reads them; the review carries them.

let t: TestApp;
let admin: TClient;
let student: TClient;
let agent: TClient;
let otherStudent: TClient;
let ownId: number;
let agentsId: number;
let othersId: number;

const referee = (studentId: number, fullName = 'Алишер Навоий') => ({
  studentId,
  fullName,
  relationship: 'Class teacher',
  email: 'alisher@lyceum.uz',
  institution: 'Toshkent akademik litseyi',
});
const profile = async (who: TClient, marker: string) => {
  const res = await who.post('/StudentInfo/add', studentInfoBody(marker));
  expect(res.status).toBe(200);
  return (res.body as { id: number }).id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'referees.admin@resources.test', 'Admin'));
  student = client(t, await signInAs(t, 'referees.student@resources.test', 'Student'));
  otherStudent = client(t, await signInAs(t, 'referees.other@resources.test', 'Student'));
  agent = client(t, await signInAs(t, 'referees.agent@resources.test', 'Agent'));
  ownId = await profile(student, 'Refown');
  othersId = await profile(otherStudent, 'Refother');
  agentsId = await profile(agent, 'Refagent');
});
afterAll(() => t?.close());

describe('Referee', () => {
  it('a student adds, edits and deletes their own referees', async () => {
    const added = await student.post('/Referee/add', referee(ownId));
    expect(added.status).toBe(200);
    const row = ZReferee.parse(added.body);
    expect(row).toMatchObject(referee(ownId));
    const edited = await student.post('/Referee/update', { ...referee(ownId, 'Gʻafur Gʻulom'), id: row.id });
    expect(edited.status).toBe(200);
    expect((await student.post('/Referee/find', { studentId: ownId })).body).toEqual([
      { ...referee(ownId, 'Gʻafur Gʻulom'), id: row.id },
    ]);
    expect((await student.post('/Referee/delete', { id: row.id })).status).toBe(200);
    expect((await student.post('/Referee/find', { studentId: ownId })).body).toEqual([]);
  });

  it('checks the fields with the shared schema (email, text limits)', async () => {
    const bad = await student.post('/Referee/add', {
      ...referee(ownId),
      email: 'not-an-email',
      relationship: 'x'.repeat(101),
    });
    expect(bad.status).toBe(400);
    const paths = (bad.body as { errors: { path: string; code: string }[] }).errors;
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'body.email', code: 'email' }),
        expect.objectContaining({ path: 'body.relationship', code: 'tooLong' }),
      ]),
    );
  });

  it('refuses a third referee with tooManyReferees, for a student and for an agent', async () => {
    for (const [who, studentId] of [
      [student, ownId],
      [agent, agentsId],
    ] as const) {
      for (let i = 0; i < MAX_REFEREES; i++) {
        expect((await who.post('/Referee/add', referee(studentId, `Referee ${i}`))).status).toBe(200);
      }
      const third = await who.post('/Referee/add', referee(studentId, 'Third'));
      expect(third.status).toBe(409);
      expect(third.body).toMatchObject({ code: 'tooManyReferees', params: { max: MAX_REFEREES } });
      expect((await who.post('/Referee/count', where('studentId', 'EQ', studentId))).body).toBe(MAX_REFEREES);
      // Editing one of the two is still allowed.
      const [first] = (await who.post('/Referee/find', { studentId })).body as { id: number }[];
      expect(
        (await who.post('/Referee/update', { ...referee(studentId, 'Edited'), id: first!.id })).status,
      ).toBe(200);
    }
  });

  it('two adds at once never make three', async () => {
    const fresh = await profile(agent, 'Refrace');
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => agent.post('/Referee/add', referee(fresh, `Racer ${i}`))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    expect((await agent.post('/Referee/count', where('studentId', 'EQ', fresh))).body).toBe(MAX_REFEREES);
  });

  it("another owner's student and referees behave as missing (404), full or not", async () => {
    const [theirs] = (await agent.post('/Referee/find', { studentId: agentsId })).body as { id: number }[];
    // The agent's student already has two: a stranger still gets 404, never the limit's 409.
    for (const stranger of [student, otherStudent]) {
      expect((await stranger.post('/Referee/add', referee(agentsId))).status).toBe(404);
      expect((await stranger.get(`/Referee/${theirs!.id}`)).status).toBe(404);
      expect((await stranger.post('/Referee/update', { ...referee(agentsId), id: theirs!.id })).status).toBe(
        404,
      );
      expect((await stranger.post('/Referee/delete', { id: theirs!.id })).status).toBe(404);
      expect((await stranger.post('/Referee/find', { studentId: agentsId })).body).toEqual([]);
    }
    expect((await agent.post('/Referee/add', referee(othersId))).status).toBe(404);
    // Moving one's own referee onto another's student is refused the same way.
    const [own] = (await student.post('/Referee/find', { studentId: ownId })).body as { id: number }[];
    expect((await student.post('/Referee/update', { ...referee(othersId), id: own!.id })).status).toBe(404);
  });

  it('an admin reads every student’s referees; the review and the application form carry them', async () => {
    expect((await admin.post('/Referee/count', where('studentId', 'EQ', agentsId))).body).toBe(MAX_REFEREES);
    const review = await agent.get(`/Review/getReview?studentId=${agentsId}`);
    expect(review.status).toBe(200);
    const application = ZApplication.parse(review.body);
    expect(application.referees.map((r) => r.fullName)).toEqual(['Edited', 'Referee 1']);
    expect((await student.get(`/Review/getReview?studentId=${agentsId}`)).status).toBe(404);
  });
});
