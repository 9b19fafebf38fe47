// @both-databases: the catalogue version's triggers, and the cache across two processes
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { catalogueVersion, courseLevels } from '../../src/db/schema/index.js';
import { resources } from '../../src/resources/definitions/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';
import { studentInfoBody, universityBody, where } from './helpers.js';

// Issue 11 item 5: catalogue reads from the in-process cache keyed by the catalogue version.
// Freshness across two API processes (two apps on one database), ETag/304, personal data still
// no-store, one answer for every role, and the version rolling back with a failed write.

let t: TestApp;
/** A second API process on the same database (its own pool on PostgreSQL, its own cache). */
let second: FastifyInstance;
let secondDb: Database | undefined;
let admin: { cookie: string };
let student: { cookie: string };
let otherStudent: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const url = (t.database as { url?: string }).url;
  // PGlite is one in-process database: the second app shares the handle, but not the cache.
  secondDb = url ? await openDatabase({ url, poolSize: 4 }) : undefined;
  second = await buildApp({ config: t.app.config, database: secondDb ?? t.database, logger: false });
  await second.ready();
  admin = (await signInAs(t, 'cache.admin@resources.test', 'Admin')).headers;
  student = (await signInAs(t, 'cache.student@resources.test', 'Student')).headers;
  otherStudent = (await signInAs(t, 'cache.other@resources.test', 'Student')).headers;
});
afterAll(async () => {
  await second?.close();
  await secondDb?.close();
  await t?.close();
});

type TAnswer = { status: number; body: unknown; headers: Record<string, unknown> };
async function call(
  app: FastifyInstance,
  who: { cookie: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<TAnswer> {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: { ...who, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: res.statusCode,
    body: res.body ? JSON.parse(res.body) : undefined,
    headers: res.headers as Record<string, unknown>,
  };
}
const ok = (res: TAnswer) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, unknown>;
};
const names = (page: unknown) => (page as { result: { name: string }[] }).result.map((r) => r.name);
const byName = (text: string) => ({ filter: where('name', 'CONTAINS', text), page: 0, pageSize: 10 });
const version = async () =>
  (await t.database.db.select({ v: catalogueVersion.version }).from(catalogueVersion))[0]!.v;

describe(`catalogue cache (${testDbKind()})`, () => {
  it('a catalogue list answers with an ETag and private, no-cache; If-None-Match gives a 304', async () => {
    ok(await call(t.app, admin, 'POST', '/University/add', universityBody('Etag Alpha University')));
    const first = await call(t.app, student, 'POST', '/University/getListByPage', byName('Etag Alpha'));
    expect(names(ok(first))).toEqual(['Etag Alpha University']);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    const again = await call(t.app, student, 'POST', '/University/getListByPage', byName('Etag Alpha'), {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // A weak form and a list match too; another tag gets the whole answer.
    const weak = await call(t.app, student, 'POST', '/University/getListByPage', byName('Etag Alpha'), {
      'if-none-match': `"x", W/${etag}`,
    });
    expect(weak.status).toBe(304);
    const other = await call(t.app, student, 'POST', '/University/getListByPage', byName('Etag Alpha'), {
      'if-none-match': '"something-else"',
    });
    expect(other.status).toBe(200);

    // GET routes (the browser revalidates these by itself) and counts carry it as well.
    const id = (first.body as { result: { id: number }[] }).result[0]!.id;
    const row = await call(t.app, student, 'GET', `/University/${id}`);
    expect(row.headers['cache-control']).toBe('private, no-cache');
    expect(
      (
        await call(t.app, student, 'GET', `/University/${id}`, undefined, {
          'if-none-match': String(row.headers.etag),
        })
      ).status,
    ).toBe(304);
    const count = await call(
      t.app,
      student,
      'POST',
      '/University/count',
      where('name', 'CONTAINS', 'Etag Alpha'),
    );
    expect(count.body).toBe(1);
    expect(count.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    // A change gives a new ETag: the old one is answered with the new list.
    ok(await call(t.app, admin, 'POST', '/University/add', universityBody('Etag Alpha Two University')));
    const changed = await call(t.app, student, 'POST', '/University/getListByPage', byName('Etag Alpha'), {
      'if-none-match': etag,
    });
    expect(names(ok(changed))).toEqual(['Etag Alpha University', 'Etag Alpha Two University']);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('a second read of the same list is served from memory, not SQL', async () => {
    const cache = t.app.catalogueCache;
    const body = byName('Memory Check');
    await call(t.app, student, 'POST', '/University/getListByPage', body);
    const { hits, misses } = cache.stats;
    await call(t.app, admin, 'POST', '/University/getListByPage', body);
    await call(t.app, student, 'POST', '/University/getListByPage', {
      pageSize: 10,
      page: 0,
      filter: body.filter,
    });
    expect(cache.stats.hits - hits).toBe(2);
    expect(cache.stats.misses - misses).toBe(0);
  });

  it('personal data stays no-store, without an ETag, and never crosses students', async () => {
    const mine = ok(
      await call(
        t.app,
        student,
        'POST',
        '/StudentInfo/CreateOrUpdate?studentId=0',
        studentInfoBody('Cachemine'),
      ),
    );
    const theirs = ok(
      await call(
        t.app,
        otherStudent,
        'POST',
        '/StudentInfo/CreateOrUpdate?studentId=0',
        studentInfoBody('Cachetheirs'),
      ),
    );
    const query = { page: 0, pageSize: 10 };
    const a = await call(t.app, student, 'POST', '/StudentInfo/getListByPage', query);
    const b = await call(t.app, otherStudent, 'POST', '/StudentInfo/getListByPage', query);
    expect((ok(a).result as { id: number }[]).map((r) => r.id)).toEqual([mine.id]);
    expect((ok(b).result as { id: number }[]).map((r) => r.id)).toEqual([theirs.id]);
    for (const res of [a, b, await call(t.app, student, 'GET', `/StudentInfo/${mine.id}`)]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    // An error of a catalogue route is no-store too.
    const missing = await call(t.app, student, 'GET', '/University/987654');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('every role gets the same catalogue answer (catalogue rows do not depend on who asks)', async () => {
    const body = byName('Etag Alpha');
    const answers = await Promise.all(
      [admin, student, otherStudent].map((who) =>
        call(t.app, who, 'POST', '/University/getListByPage', body),
      ),
    );
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    // Without a session the cached answer is not reachable either.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/University/getListByPage',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
  });

  it('a write committed on one process is seen by the next read on the other', async () => {
    const list = () => call(second, student, 'POST', '/University/getListByPage', byName('Twoproc'));
    expect(names(ok(await list()))).toEqual([]);
    const hits = second.catalogueCache.stats.hits;
    expect(names(ok(await list()))).toEqual([]);
    expect(second.catalogueCache.stats.hits).toBe(hits + 1); // cached on the second process
    const added = ok(
      await call(t.app, admin, 'POST', '/University/add', universityBody('Twoproc 0 University')),
    );
    expect(names(ok(await list()))).toEqual(['Twoproc 0 University']);

    // Rename on the first, read on the second, twenty times in a row: never the old name.
    for (let i = 1; i <= 20; i++) {
      ok(
        await call(t.app, admin, 'POST', '/University/update', {
          ...universityBody(`Twoproc ${i} University`),
          id: added.id,
        }),
      );
      expect(names(ok(await list()))).toEqual([`Twoproc ${i} University`]);
      const row = ok(await call(second, student, 'GET', `/University/${added.id}`));
      expect(row.name).toBe(`Twoproc ${i} University`);
    }

    // The other direction, and through a join: a course renamed on the second shows in the first's
    // university-course list, which names the course.
    const levelId = ok(await call(second, admin, 'POST', '/CourseLevel/add', { name: 'Twoproc Level' })).id;
    const categoryId = ok(
      await call(second, admin, 'POST', '/CourseCategory/add', { name: 'Twoproc Category' }),
    ).id;
    const courseId = ok(
      await call(second, admin, 'POST', '/Course/addCourse', {
        name: 'Twoproc Course A',
        levelId,
        categoryId,
      }),
    ).id;
    ok(
      await call(second, admin, 'POST', '/UniversityCourse/AddUniversityCourse', {
        universityId: added.id,
        courseId,
        duration: 36,
        price: 12000,
        currency: 0,
        requiredLanguageId: -1,
        requiredScore: 0,
      }),
    );
    const courses = async () =>
      (
        ok(
          await call(t.app, student, 'POST', '/UniversityCourse/getListByPage', {
            filter: where('university.id', 'EQ', added.id),
            page: 0,
            pageSize: 10,
          }),
        ).result as { course: { name: string } }[]
      ).map((r) => r.course.name);
    expect(await courses()).toEqual(['Twoproc Course A']);
    ok(
      await call(second, admin, 'PUT', `/Course/updateCourse/${courseId}`, {
        name: 'Twoproc Course B',
        levelId,
        categoryId,
      }),
    );
    expect(await courses()).toEqual(['Twoproc Course B']);
  });

  it('reads racing writes on the other process never go back to an older answer once a write is acknowledged', async () => {
    const id = ok(await call(t.app, admin, 'POST', '/University/add', universityBody('Race 0 University')))
      .id as number;
    let acknowledged = 0;
    let stop = false;
    const stale: string[] = [];
    const reader = async () => {
      while (!stop) {
        // A cache hit on PGlite may complete in microtasks alone: let the writer's timers run.
        await new Promise((resolve) => setImmediate(resolve));
        const floor = acknowledged; // the newest write acknowledged before this read began
        const row = ok(await call(second, student, 'GET', `/University/${id}`));
        const seen = Number(/Race (\d+)/.exec(String(row.name))![1]);
        if (seen < floor) stale.push(`read ${seen} after ${floor} was acknowledged`);
      }
    };
    const readers = [reader(), reader(), reader()];
    for (let i = 1; i <= 15; i++) {
      ok(
        await call(t.app, admin, 'POST', '/University/update', {
          ...universityBody(`Race ${i} University`),
          id,
        }),
      );
      acknowledged = i;
    }
    stop = true;
    await Promise.all(readers);
    expect(stale).toEqual([]);
  });

  it('a failed write rolls its version bump back, and the cached list stays true', async () => {
    const body = byName('Rollback');
    expect(names(ok(await call(second, student, 'POST', '/CourseLevel/getListByPage', body)))).toEqual([]);
    const before = await version();
    // The insert's trigger bumps the version, then the transaction fails: both roll back.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(courseLevels).values({ name: 'Rollback Level' });
        expect((await tx.select({ v: catalogueVersion.version }).from(catalogueVersion))[0]!.v).not.toBe(
          before,
        );
        throw new Error('the write fails after its insert');
      }),
    ).rejects.toThrow('the write fails');
    expect(await version()).toBe(before);
    expect(names(ok(await call(second, student, 'POST', '/CourseLevel/getListByPage', body)))).toEqual([]);
    // A refused API write (a duplicate name: 409) leaves the version too.
    ok(await call(t.app, admin, 'POST', '/CourseLevel/add', { name: 'Rollback Twice' }));
    const after = await version();
    expect(after).not.toBe(before);
    expect((await call(t.app, admin, 'POST', '/CourseLevel/add', { name: 'rollback twice' })).status).toBe(
      409,
    );
    expect(await version()).toBe(after);
    expect(names(ok(await call(second, student, 'POST', '/CourseLevel/getListByPage', body)))).toEqual([
      'Rollback Twice',
    ]);
  });

  it('every table a cached resource reads bumps the catalogue version', async () => {
    const result = await t.database.db.execute<{ table: string }>(
      sql`select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname like '%catalogue_version' and not g.tgisinternal`,
    );
    const bumping = new Set((result as unknown as { rows: { table: string }[] }).rows.map((r) => r.table));
    const { getTableConfig } = await import('drizzle-orm/pg-core');
    const cached = Object.values(resources).filter((r) => r.cache === 'catalogue');
    expect(cached.map((r) => r.base).sort()).toEqual(
      [
        'Course',
        'CourseCategory',
        'CourseLevel',
        'DocumentType',
        'ExchangeRate',
        'Intake',
        'University',
        'UniversityCourse',
      ].sort(),
    );
    for (const resource of cached) {
      const tables = [resource.table, ...Object.values(resource.joins).map((j) => j.table)];
      for (const table of tables)
        expect(bumping, `${resource.base} reads ${getTableConfig(table).name}`).toContain(
          getTableConfig(table).name,
        );
    }
    // The converted prices (priceIn.<code>) of UniversityCourse read the rates without a join.
    expect(bumping).toContain('exchange_rates');
  });
});
