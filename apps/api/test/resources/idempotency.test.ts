// @both-databases: concurrent adds with one key (unique index and locks)
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, idempotencyKeys, studentInfos } from '../../src/db/schema/index.js';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';
import { client, seedCatalogue, studentInfoBody } from './helpers.js';

type TAnswer = { status: number; body: string; replayed: boolean };

describe(`Idempotency-Key on add calls (${testDbKind()})`, () => {
  let t: TestApp;
  let agent: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    agent = await signInAs(t, 'idem.agent@idem.test', 'Agent');
    admin = await signInAs(t, 'idem.admin@idem.test', 'Admin');
  });
  afterAll(() => t?.close());

  const add = async (who: SignedIn, url: string, body: unknown, key?: string): Promise<TAnswer> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body as object,
    });
    return {
      status: res.statusCode,
      body: res.body,
      replayed: res.headers['idempotent-replayed'] === 'true',
    };
  };
  const studentsNamed = async (firstName: string) =>
    (await t.database.db.select().from(studentInfos).where(eq(studentInfos.firstName, firstName))).length;

  it('the same key and request again returns the first answer (status and body) and adds one row', async () => {
    const key = randomUUID();
    const first = await add(agent, '/StudentInfo/add', studentInfoBody('Retrya'), key);
    expect(first.status).toBe(200);
    expect(first.replayed).toBe(false);
    const again = await add(agent, '/StudentInfo/add', studentInfoBody('Retrya'), key);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await studentsNamed('Retrya')).toBe(1);
    // Without a key every add is its own (the old behaviour).
    await add(agent, '/StudentInfo/add', studentInfoBody('Retrya'));
    expect(await studentsNamed('Retrya')).toBe(2);
  });

  it('two concurrent identical adds with one key create one row and both get its answer', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => add(agent, '/StudentInfo/add', studentInfoBody('Racer'), key)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.replayed)).toHaveLength(2);
    expect(await studentsNamed('Racer')).toBe(1);
  });

  it('the same key with a different body is a 422 idempotencyKeyReused and adds nothing', async () => {
    const key = randomUUID();
    expect((await add(agent, '/StudentInfo/add', studentInfoBody('Firstbody'), key)).status).toBe(200);
    const other = await add(agent, '/StudentInfo/add', studentInfoBody('Otherbody'), key);
    expect(other.status).toBe(422);
    expect(JSON.parse(other.body)).toMatchObject({ code: 'idempotencyKeyReused' });
    expect(await studentsNamed('Otherbody')).toBe(0);
  });

  it("keys are per user: another user's same key is their own request", async () => {
    const key = randomUUID();
    const agent2 = await signInAs(t, 'idem.agent2@idem.test', 'Agent');
    expect((await add(agent, '/StudentInfo/add', studentInfoBody('Peruser'), key)).status).toBe(200);
    const theirs = await add(agent2, '/StudentInfo/add', studentInfoBody('Peruser'), key);
    expect(theirs).toMatchObject({ status: 200, replayed: false });
    expect(await studentsNamed('Peruser')).toBe(2);
  });

  it('a failed add stores nothing under its key, so the corrected retry runs', async () => {
    const key = randomUUID();
    const cat = await seedCatalogue(client(t, admin), 'Idem');
    const dup = await add(admin, '/DocumentType/add', { name: 'Idem Visa' }, key); // the name exists
    expect(dup.status).toBe(409);
    const keyRows = () =>
      t.database.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, admin.userId), eq(idempotencyKeys.key, key)));
    expect(await keyRows()).toHaveLength(0);
    const retried = await add(admin, '/DocumentType/add', { name: 'Idem Visa' }, key);
    expect(retried).toMatchObject({ status: 409, replayed: false });

    // The specific add routes honour the key too.
    const course = { name: 'Idem Robotics', levelId: cat.levelId, categoryId: cat.categoryId };
    const key2 = randomUUID();
    const first = await add(admin, '/Course/addCourse', course, key2);
    expect(first.status).toBe(200);
    expect(await add(admin, '/Course/addCourse', course, key2)).toEqual({ ...first, replayed: true });
    const rows = await t.database.db.select().from(courses).where(eq(courses.name, 'Idem Robotics'));
    expect(rows).toHaveLength(1);
    expect(await keyRows()).toHaveLength(0);
  });

  it('an answer older than 24 hours is not replayed (swept); a malformed key is a 400', async () => {
    const key = randomUUID();
    expect((await add(agent, '/StudentInfo/add', studentInfoBody('Oldkey'), key)).status).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const later = await add(agent, '/StudentInfo/add', studentInfoBody('Oldkey'), key);
    expect(later).toMatchObject({ status: 200, replayed: false });
    expect(await studentsNamed('Oldkey')).toBe(2);

    for (const bad of ['x'.repeat(201), 'has space']) {
      expect((await add(agent, '/StudentInfo/add', studentInfoBody('Badkey'), bad)).status).toBe(400);
    }
    expect(await studentsNamed('Badkey')).toBe(0);
  });

  it('the key is documented on every add route', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { parameters?: { name: string; in: string }[] } }>;
    };
    for (const path of [
      '/api/StudentInfo/add',
      '/api/Course/addCourse',
      '/api/UniversityCourse/AddUniversityCourse',
    ]) {
      const names = doc.paths[path]?.post?.parameters?.filter((p) => p.in === 'header').map((p) => p.name);
      expect(names, path).toContain('idempotency-key');
    }
  });
});
