import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStages } from '../../src/db/schema/index.js';
import { signInAs, type TestApp } from '../app.js';
import { createTestDatabase } from '../db.js';
import { createDocsApp } from '../documents/helpers.js';
import {
  childBodies,
  client,
  seedCatalogue,
  studentInfoBody,
  type TClient,
  type TWho,
} from '../resources/helpers.js';
import { completeApplication, ok } from './complete.js';

// What a wizard save reads to record its `?stage=` (recordSavedStage): the stage stops at the first
// unsaved step, so the save reads the steps in order up to that one and no further. It read the
// whole application (13 queries) on every save naming a stage past an unsaved step: bench:wizard's
// course saves (stage 10 with steps 3 to 8 unsaved) went from 10 statements to 24, and its p99 at
// 100 saves/s from 39 ms to several hundred (docs/performance.md, issue 21's last item).

const statements: string[] = [];
let recording = false;
let t: TestApp;
let courseId: number;

beforeAll(async () => {
  const database = await createTestDatabase({
    logger: {
      logQuery: (query) => {
        if (recording) statements.push(query);
      },
    },
  });
  t = await createDocsApp({}, { database });
  const admin = client(t, await signInAs(t, 'save.reads.admin@apps.test', 'Admin'));
  courseId = (await seedCatalogue(admin, 'SaveReads')).universityCourseId;
});
afterAll(() => t?.close());

/** A new student (one profile each). */
async function newStudent(tag: string): Promise<[TClient, TWho]> {
  const who = await signInAs(t, `save.reads.${tag}@apps.test`, 'Student');
  return [client(t, who), who];
}

/** The statements one request sends. */
async function statementsOf(request: () => Promise<unknown>) {
  statements.length = 0;
  recording = true;
  try {
    await request();
  } finally {
    recording = false;
  }
  return [...statements];
}

const stageOf = async (studentId: number) =>
  (
    await t.database.db
      .select({ step: applicationStages.step })
      .from(applicationStages)
      .where(eq(applicationStages.studentId, studentId))
  )[0]?.step;

/** The tables a statement reads from (`from "x"` and `join "x"`). */
const tablesRead = (sql: string[]) =>
  new Set(sql.flatMap((s) => [...s.matchAll(/\b(?:from|join) "(\w+)"/g)].map((m) => m[1]!)));

const LATER_STEPS = [
  'qualifications',
  'language_qualifications',
  'experiences',
  'student_documents',
  'other_infos',
  'referees',
];

describe('a save past an unsaved step', () => {
  it('reads the steps up to the first unsaved one, not the whole application', async () => {
    const [student] = await newStudent('half');
    const id = ok<{ id: number }>(
      await student.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Reads')),
    ).id;
    ok(
      await student.post(
        `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
        childBodies.StudentGuardian!(id, 'Reads', 0),
      ),
    );
    // The course step names stage 10; the emergency contact (step 3) is unsaved.
    const sent = await statementsOf(async () =>
      ok(await student.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, [courseId])),
    );
    expect(await stageOf(id)).toBe(3);
    const read = tablesRead(sent);
    // The stored stage (3) is the unsaved step itself: the steps before it cannot change the
    // stage, so only that one is read (lane save21; before, the guardian and the profile too).
    expect(read).toContain('emergency_contacts');
    expect(read).not.toContain('student_guardians');
    expect(LATER_STEPS.filter((table) => read.has(table))).toEqual([]);
    // The stage stays 3: its record is marked in one statement and not written again.
    expect(sent.filter((q) => /^(update|insert into) "application_stages"/.test(q))).toHaveLength(1);
    // Each later save repeats the check (its stage is still past the unsaved step), no dearer.
    const again = await statementsOf(async () =>
      ok(await student.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, [courseId])),
    );
    expect(LATER_STEPS.filter((table) => tablesRead(again).has(table))).toEqual([]);
    expect(again.length).toBeLessThanOrEqual(sent.length);
  });

  it('a save whose stage is already reached reads no step at all', async () => {
    const [student] = await newStudent('reached');
    const id = ok<{ id: number }>(
      await student.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Reached')),
    ).id;
    ok(await student.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, [courseId]));
    expect(await stageOf(id)).toBe(2);
    const sent = await statementsOf(async () =>
      ok(
        await student.post(`/StudentInfo/CreateOrUpdate?studentId=${id}&stage=2`, studentInfoBody('Reached')),
      ),
    );
    const read = tablesRead(sent);
    expect([...LATER_STEPS, 'student_guardians', 'emergency_contacts'].filter((x) => read.has(x))).toEqual(
      [],
    );
  });

  it('a complete application still reaches stage 10 through the course save', async () => {
    const [student, studentWho] = await newStudent('complete');
    const id = await completeApplication(t, student, studentWho, 'Readsall', [courseId]);
    expect(await stageOf(id)).toBe(10);
  });
});

// Session 9 (docs/performance.md): what else a save sends. A save whose stage is already reached
// marks it in one statement without reading it first; the course list's save reads the chosen
// courses with their intakes in one statement and the student's selection (submitted, with their
// status, and unsubmitted) in one.
describe('the statements of a wizard save', () => {
  it('marks a stage already reached without reading it; the course save reads the catalogue and the selection once each', async () => {
    const [student] = await newStudent('count');
    const id = ok<{ id: number }>(
      await student.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Count')),
    ).id;
    ok(
      await student.post(
        `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
        childBodies.StudentGuardian!(id, 'Count', 0),
      ),
    );
    const personal = await statementsOf(async () =>
      ok(await student.post(`/StudentInfo/CreateOrUpdate?studentId=${id}&stage=2`, studentInfoBody('Count'))),
    );
    const writing = (sent: string[], table: string) =>
      sent.filter((q) => q.startsWith(`update "${table}"`) || q.startsWith(`insert into "${table}"`));
    // A read of the table itself (its rows: the table after the select list's subqueries).
    const reading = (sent: string[], table: string) =>
      sent.filter((q) => q.startsWith('select') && [...q.matchAll(/\bfrom "(\w+)"/g)].at(-1)?.[1] === table);
    const stageReads = (sent: string[]) =>
      sent.filter((q) => q.startsWith('select "step" from "application_stages"'));
    // One statement on the stage (it marked the save), none reading it first.
    expect(writing(personal, 'application_stages')).toHaveLength(1);
    expect(stageReads(personal)).toEqual([]);
    expect(await stageOf(id)).toBe(3);
    const courses = await statementsOf(async () =>
      ok(await student.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, [courseId])),
    );
    // The chosen courses and their intakes: one read; the student's selection: one read before the
    // insert (the answer's list follows it).
    expect([...reading(courses, 'university_courses'), ...reading(courses, 'intakes')]).toHaveLength(1);
    const insert = courses.findIndex((q) => q.startsWith('insert into "student_courses"'));
    expect(reading(courses.slice(0, insert), 'student_courses')).toHaveLength(1);
    expect(stageReads(courses)).toEqual([]);
  });
});

// Lane save21 (docs/performance.md): the generic resource save (CreateOrUpdate of every student
// record) locks the row it updates once, with the same read that finds it, and answers with the
// update's RETURNING instead of reading the row again; a child record found under the actor's scope
// proves the student theirs, so it is not read again.
describe('the generic resource save', () => {
  /** The table a statement is about: the first `from`, `update` or `insert into` it names. */
  const tableOf = (q: string) => q.match(/^(?:select .*? from|update|insert into|delete from) "(\w+)"/)?.[1];
  const on = (sent: string[], table: string) => sent.filter((q) => tableOf(q) === table);

  it("answers a profile's save with the stage that save recorded (its shape reads the stage: read after the write)", async () => {
    const [student] = await newStudent('generic.personal');
    const id = ok<{ id: number }>(
      await student.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Generic')),
    ).id;
    ok(
      await student.post(
        `/StudentGuardian/CreateOrUpdate?studentId=${id}`,
        childBodies.StudentGuardian!(id, 'Generic', 0),
      ),
    );
    let answer: unknown;
    const sent = await statementsOf(async () => {
      answer = ok(
        await student.post(
          `/StudentInfo/CreateOrUpdate?studentId=${id}&stage=3`,
          studentInfoBody('Genericb'),
        ),
      );
    });
    // The lock and the update, once each (the answer is read after the stage is recorded).
    expect(sent.filter((q) => /^select "id" from "student_infos" .* for update$/.test(q))).toHaveLength(1);
    expect(sent.filter((q) => q.startsWith('update "student_infos"'))).toHaveLength(1);
    expect(answer).toMatchObject({ id, step: 3, firstName: studentInfoBody('Genericb').firstName });
    expect(answer).toEqual(ok(await student.get(`/StudentInfo/${id}`)));
  });

  it("updates a guardian with one scoped, locked read (no separate read of the student's profile)", async () => {
    const [student] = await newStudent('generic.guardian');
    const id = ok<{ id: number }>(
      await student.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Guard')),
    ).id;
    const first = ok<{ id: number }>(
      await student.post(
        `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
        childBodies.StudentGuardian!(id, 'Guard', 0),
      ),
    );
    expect(first).toEqual(ok(await student.get(`/StudentGuardian/${first.id}`)));
    let answer: { id: number } | undefined;
    const sent = await statementsOf(async () => {
      answer = ok(
        await student.post(
          `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
          childBodies.StudentGuardian!(id, 'Guardchanged', 0),
        ),
      );
    });
    const guardians = on(sent, 'student_guardians');
    expect(guardians.map((q) => q.split(' ')[0])).toEqual(['select', 'update']);
    expect(guardians[0]).toMatch(/for update$/);
    expect(on(sent, 'student_infos')).toEqual([]);
    expect(answer?.id).toBe(first.id);
    expect(answer).toEqual(ok(await student.get(`/StudentGuardian/${first.id}`)));
  });

  it("still refuses another student's profile as a 404", async () => {
    const [owner] = await newStudent('generic.owner');
    const id = ok<{ id: number }>(
      await owner.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Owner')),
    ).id;
    ok(
      await owner.post(
        `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
        childBodies.StudentGuardian!(id, 'Owner', 0),
      ),
    );
    const [other] = await newStudent('generic.other');
    const res = await other.post(
      `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
      childBodies.StudentGuardian!(id, 'Other', 0),
    );
    expect(res.status).toBe(404);
    const profile = await other.post(`/StudentInfo/CreateOrUpdate?studentId=${id}`, studentInfoBody('Other'));
    expect(profile.status).toBe(404);
  });
});
