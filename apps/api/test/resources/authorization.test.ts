import type { TFilter } from '@uniapply/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentInfos } from '../../src/db/schema/index.js';
import { resources, type TResourceBase } from '../../src/resources/definitions/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import {
  childBodies,
  client,
  ids,
  seedCatalogue,
  studentInfoBody,
  type TClient,
  type TResponse,
  universityBody,
  universityCourseBody,
  where,
} from './helpers.js';

// The authorization matrix of DESIGN 5 over every base: anonymous, two students, two agents and
// an admin, by verb. Another owner's record must behave exactly like a missing one: 404 for single
// reads and writes, absent from lists and counts, also when an OR group tries to widen the scope.
// Every owner's text carries a marker; no response to one owner may contain another's marker.

const CATALOGUE = [
  'DocumentType',
  'CourseCategory',
  'CourseLevel',
  'Course',
  'UniversityCourse',
  'University',
] as const;
const CHILDREN = [
  'StudentGuardian',
  'EmergencyContact',
  'Experience',
  'Language',
  'OtherInfo',
  'Qualification',
  'StudentCourse',
  'Referee',
] as const;
const OWNED = ['StudentInfo', ...CHILDREN] as const;
const ALL_BASES = Object.keys(resources) as TResourceBase[];

type TOwnerKey = 'A' | 'B' | 'X' | 'Y';
const OWNERS: TOwnerKey[] = ['A', 'B', 'X', 'Y'];
const MARKERS: Record<TOwnerKey, string> = { A: 'Ownalpha', B: 'Ownbravo', X: 'Ownxray', Y: 'Ownyankee' };
type TOwner = { key: TOwnerKey; api: TClient; userId: number; studentIds: number[] };

let t: TestApp;
let admin: TClient;
let anonymous: TClient;
const owners = {} as Record<TOwnerKey, TOwner>;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;

const ok = async (p: Promise<TResponse>) => {
  const res = await p;
  if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${res.text}`);
  return (res.body as { id: number }).id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'matrix.admin@resources.test', 'Admin'));
  anonymous = client(t, null);
  const roles = { A: 'Student', B: 'Student', X: 'Agent', Y: 'Agent' } as const;
  for (const key of OWNERS) {
    const signed = await signInAs(t, `matrix.${key.toLowerCase()}@resources.test`, roles[key]);
    owners[key] = { key, api: client(t, signed), userId: signed.userId, studentIds: [] };
  }
  cat = await seedCatalogue(admin, 'Mx');
  // Students own one profile; agent X manages two students, agent Y one.
  for (const key of [...OWNERS, 'X'] as TOwnerKey[]) {
    const owner = owners[key];
    const studentId = await ok(owner.api.post('/StudentInfo/add', studentInfoBody(MARKERS[key])));
    owner.studentIds.push(studentId);
    for (const base of CHILDREN) {
      await ok(
        owner.api.post(`/${base}/add`, childBodies[base]!(studentId, MARKERS[key], cat.universityCourseId)),
      );
    }
  }
});
afterAll(() => t?.close());

/** The ids of `base` that `owner` manages, straight from the database. */
async function ownedIds(base: (typeof OWNED)[number], owner: TOwner): Promise<number[]> {
  const db = t.database.db;
  const students = await db
    .select({ id: studentInfos.id })
    .from(studentInfos)
    .where(eq(studentInfos.userId, owner.userId))
    .orderBy(asc(studentInfos.id));
  if (base === 'StudentInfo') return students.map((s) => s.id);
  const r = resources[base];
  const rows = await db
    .select({ id: r.table.id as AnyPgColumn })
    .from(r.table)
    .where(
      inArray(
        r.columns.studentId!,
        students.map((s) => s.id),
      ),
    )
    .orderBy(asc(r.table.id));
  return rows.map((row) => row.id as number);
}

/** A valid body of `base` for `studentId`. */
function bodyFor(base: (typeof OWNED)[number], studentId: number, marker: string) {
  return base === 'StudentInfo'
    ? studentInfoBody(marker)
    : childBodies[base]!(studentId, marker, cat.universityCourseId);
}

/** Catalogue and notification bodies (unique names). */
let serial = 0;
function catalogueBody(base: TResourceBase): object {
  const name = `Matrix ${base} ${++serial}`;
  switch (base) {
    case 'Course':
      return { name, levelId: cat.levelId, categoryId: cat.categoryId };
    case 'University':
      return universityBody(name);
    case 'UniversityCourse':
      return universityCourseBody(cat.universityId, cat.courseId, serial);
    case 'Notification':
      return {
        isNotified: false,
        notificationData: { fullName: name, universityName: 'U', courseName: 'C' },
      };
    default:
      return { name };
  }
}

/** One request per generic verb, as a client would send it. */
function everyVerb(base: string, id: number, body: object, studentId = 0): [string, string, unknown?][] {
  return [
    ['GET', `/${base}/${id}`],
    ['POST', `/${base}/getId`, where('id', 'EQ', id)],
    ['GET', `/${base}/allAsync`],
    ['POST', `/${base}/getListByPage`, { page: 0, pageSize: 10 }],
    ['POST', `/${base}/find`, { id }],
    ['POST', `/${base}/findAsync`, {}],
    ['POST', `/${base}/getItem`, where('id', 'EQ', id)],
    ['POST', `/${base}/count`, {}],
    ['POST', `/${base}/countAsync`, {}],
    ['POST', `/${base}/add`, body],
    ['POST', `/${base}/update`, { ...body, id }],
    ['POST', `/${base}/delete`, { id }],
    ['POST', `/${base}/CreateOrUpdate?stage=2&studentId=${studentId}`, { ...body, id }],
  ];
}

const send = (api: TClient, [method, url, payload]: [string, string, unknown?]) =>
  method === 'GET' ? api.get(url) : method === 'PUT' ? api.put(url, payload) : api.post(url, payload);

/** Fails when a response to `owner` carries another owner's marker. */
function expectNoLeak(owner: TOwner, res: TResponse, what: string) {
  const text = res.text.toLowerCase();
  for (const other of OWNERS) {
    if (other !== owner.key)
      expect(text, `${what} leaked ${other}'s data`).not.toContain(MARKERS[other].toLowerCase());
  }
}

describe('SECURITY 4: anonymous', () => {
  it.each(ALL_BASES)('%s: every verb is 401', async (base) => {
    for (const request of everyVerb(base, 1, { name: 'x' }, 1)) {
      expect((await send(anonymous, request)).status, `${request[0]} ${request[1]}`).toBe(401);
    }
  });

  it('the specific routes are 401', async () => {
    expect((await anonymous.post('/Course/addCourse', {})).status).toBe(401);
    expect((await anonymous.put('/Course/updateCourse/1', {})).status).toBe(401);
    expect((await anonymous.post('/UniversityCourse/AddUniversityCourse', {})).status).toBe(401);
    expect((await anonymous.put('/UniversityCourse/UpdateUniversityCourse/1', {})).status).toBe(401);
    expect((await anonymous.post('/StudentCourse/addOrUpdateList?studentId=1&stage=10', [1])).status).toBe(
      401,
    );
  });
});

describe.each(CATALOGUE)('SECURITY 4: catalogue %s', (base) => {
  const idOf = () =>
    ({
      DocumentType: cat.documentTypeId,
      CourseCategory: cat.categoryId,
      CourseLevel: cat.levelId,
      Course: cat.courseId,
      UniversityCourse: cat.universityCourseId,
      University: cat.universityId,
    })[base];

  it.each(OWNERS)('owner %s reads every verb but may not write (403, nothing changes)', async (key) => {
    const { api } = owners[key];
    const id = idOf();
    const before = (await admin.get(`/${base}/${id}`)).body;
    for (const request of everyVerb(base, id, catalogueBody(base))) {
      const res = await send(api, request);
      const isWrite = /\/(add|update|delete|CreateOrUpdate)/.test(request[1]);
      expect(res.status, `${request[0]} ${request[1]}`).toBe(isWrite ? 403 : 200);
    }
    expect((await api.get(`/${base}/${id}`)).body).toEqual(before);
    expect((await admin.get(`/${base}/${id}`)).body).toEqual(before);
  });

  it('admin reads and writes through every verb', async () => {
    const id = idOf();
    for (const request of everyVerb(base, id, {}).slice(0, 9)) {
      expect((await send(admin, request)).status, request[1]).toBe(200);
    }
    const added = await admin.post(`/${base}/add`, catalogueBody(base));
    expect(added.status).toBe(200);
    const newId = (added.body as { id: number }).id;
    expect((await admin.post(`/${base}/update`, { ...catalogueBody(base), id: newId })).status).toBe(200);
    expect((await admin.post(`/${base}/CreateOrUpdate`, { ...catalogueBody(base), id: newId })).status).toBe(
      200,
    );
    expect((await admin.post(`/${base}/delete`, { id: newId })).status).toBe(200);
    expect((await admin.get(`/${base}/${newId}`)).status).toBe(404);
  });
});

describe('SECURITY 4: Notification (admin only)', () => {
  it.each(OWNERS)('owner %s gets 403 on every verb', async (key) => {
    for (const request of everyVerb('Notification', cat.notificationId, catalogueBody('Notification'))) {
      expect((await send(owners[key].api, request)).status, request[1]).toBe(403);
    }
  });

  it('admin uses every verb', async () => {
    const pending = await admin.post('/Notification/findAsync', where('isNotified', 'EQ', false));
    expect(ids(pending.body)).toContain(cat.notificationId);
    for (const request of everyVerb('Notification', cat.notificationId, {}).slice(0, 9)) {
      expect((await send(admin, request)).status, request[1]).toBe(200);
    }
    const body = {
      isNotified: true,
      notificationData: { fullName: 'A B', universityName: 'U', courseName: 'C' },
    };
    const res = await admin.post('/Notification/update', { ...body, id: cat.notificationId });
    expect(res.body).toMatchObject({ id: cat.notificationId, isNotified: true });
  });
});

describe('SECURITY 4: Course and UniversityCourse specifics are admin-only', () => {
  it.each(OWNERS)('owner %s gets 403', async (key) => {
    const { api } = owners[key];
    const course = { name: 'Sneaky', levelId: cat.levelId, categoryId: cat.categoryId };
    expect((await api.post('/Course/addCourse', course)).status).toBe(403);
    expect((await api.put(`/Course/updateCourse/${cat.courseId}`, course)).status).toBe(403);
    const uc = universityCourseBody(cat.universityId, cat.courseId);
    expect((await api.post('/UniversityCourse/AddUniversityCourse', uc)).status).toBe(403);
    expect(
      (await api.put(`/UniversityCourse/UpdateUniversityCourse/${cat.universityCourseId}`, uc)).status,
    ).toBe(403);
  });
});

describe.each(OWNED)('SECURITY 1, 2, 3, 5: %s (owned records)', (base) => {
  const ownerField = base === 'StudentInfo' ? 'userId' : 'studentId';

  it.each(OWNERS)('owner %s sees and changes only their own', async (key) => {
    const owner = owners[key];
    const { api } = owner;
    const mine = await ownedIds(base, owner);
    expect(mine.length).toBeGreaterThan(0);
    const check = async (request: [string, string, unknown?]) => {
      const res = await send(api, request);
      expectNoLeak(owner, res, `${request[0]} ${request[1]}`);
      return res;
    };

    // Lists and counts hold exactly the owner's rows.
    expect(ids((await check(['GET', `/${base}/allAsync`])).body)).toEqual(mine);
    expect(ids((await check(['POST', `/${base}/findAsync`, {}])).body)).toEqual(mine);
    expect(ids((await check(['POST', `/${base}/find`, {}])).body)).toEqual(mine);
    const page = (await check(['POST', `/${base}/getListByPage`, { page: 0, pageSize: 100 }])).body as {
      result: unknown;
      totalRows: number;
    };
    expect([ids(page.result), page.totalRows]).toEqual([mine, mine.length]);
    expect((await check(['POST', `/${base}/count`, {}])).body).toBe(mine.length);
    expect((await check(['POST', `/${base}/countAsync`])).body).toBe(mine.length);

    // Another student's and another agent's records (both kinds of owner).
    const others: TOwnerKey[] =
      key === 'A' ? ['B', 'X'] : key === 'B' ? ['X', 'A'] : key === 'X' ? ['Y', 'B'] : ['A', 'X'];
    for (const otherKey of others) {
      const other = owners[otherKey];
      const [foreignId] = await ownedIds(base, other);
      const foreignOwnerValue = base === 'StudentInfo' ? other.userId : other.studentIds[0]!;
      const snapshot = (await admin.get(`/${base}/${foreignId}`)).body;

      // An OR group cannot widen the scope.
      const widen: TFilter = {
        operator: 'OR',
        conditions: [{ field: 'id', operator: 'BETWEEN', value: [0, 2147483647] }],
        groups: [
          {
            operator: 'OR',
            conditions: [
              { field: ownerField, operator: 'EQ', value: foreignOwnerValue },
              { field: 'id', operator: 'EQ', value: foreignId! },
            ],
            groups: [],
          },
        ],
      };
      expect(ids((await check(['POST', `/${base}/findAsync`, widen])).body)).toEqual(mine);
      expect((await check(['POST', `/${base}/count`, widen])).body).toBe(mine.length);
      const widePage = (
        await check(['POST', `/${base}/getListByPage`, { filter: widen, page: 0, pageSize: 100 }])
      ).body as { totalRows: number };
      expect(widePage.totalRows).toBe(mine.length);
      expect(ids((await check(['POST', `/${base}/find`, { [ownerField]: foreignOwnerValue }])).body)).toEqual(
        [],
      );

      // Single reads and writes of the other's row behave as if it did not exist.
      const foreignBody = bodyFor(base, foreignOwnerValue, MARKERS[key]);
      const attempts: [string, string, unknown?][] = [
        ['GET', `/${base}/${foreignId}`],
        ['POST', `/${base}/getId`, where('id', 'EQ', foreignId)],
        ['POST', `/${base}/getItem`, where(ownerField, 'EQ', foreignOwnerValue)],
        ['POST', `/${base}/update`, { ...foreignBody, id: foreignId }],
        ['POST', `/${base}/delete`, { id: foreignId }],
        [
          'POST',
          `/${base}/CreateOrUpdate?stage=10&studentId=${base === 'StudentInfo' ? foreignId : foreignOwnerValue}`,
          { ...foreignBody, id: foreignId },
        ],
      ];
      if (base !== 'StudentInfo') attempts.push(['POST', `/${base}/add`, foreignBody]);
      for (const request of attempts) {
        expect((await check(request)).status, `${request[0]} ${request[1]} of ${otherKey}`).toBe(404);
      }
      expect((await admin.get(`/${base}/${foreignId}`)).body, `${otherKey}'s row changed`).toEqual(snapshot);
    }

    // The owner's own row: read and update.
    const ownStudent = owner.studentIds[0]!;
    const ownId = mine[0]!;
    expect((await check(['GET', `/${base}/${ownId}`])).status).toBe(200);
    expect((await check(['POST', `/${base}/getItem`, where('id', 'EQ', ownId)])).status).toBe(200);
    const updated = await check([
      'POST',
      `/${base}/update`,
      { ...bodyFor(base, ownStudent, MARKERS[key]), id: ownId },
    ]);
    expect(updated.status).toBe(200);
    expect(await ownedIds(base, owner)).toEqual(mine);
  });

  it("admin sees every owner's rows", async () => {
    const all = (await Promise.all(OWNERS.map((k) => ownedIds(base, owners[k]))))
      .flat()
      .sort((a, b) => a - b);
    expect(ids((await admin.get(`/${base}/allAsync`)).body)).toEqual(all);
    expect((await admin.post(`/${base}/count`, {})).body).toBe(all.length);
    for (const id of all) expect((await admin.get(`/${base}/${id}`)).status).toBe(200);
  });
});

describe('SECURITY 1, 2, 6: StudentInfo ownership rules', () => {
  it('a student may not add a second profile; an agent may add more', async () => {
    expect((await owners.A.api.post('/StudentInfo/add', studentInfoBody('Extra'))).status).toBe(409);
    const added = await owners.Y.api.post('/StudentInfo/add', studentInfoBody('Ownyankee'));
    expect(added.status).toBe(200);
    expect((added.body as { userId: number }).userId).toBe(owners.Y.userId);
    expect(
      (await owners.Y.api.post('/StudentInfo/delete', { id: (added.body as { id: number }).id })).status,
    ).toBe(200);
  });

  it("addOrUpdateList refuses another owner's student and leaves their selection alone", async () => {
    const before = await ownedIds('StudentCourse', owners.B);
    const res = await owners.A.api.post(
      `/StudentCourse/addOrUpdateList?studentId=${owners.B.studentIds[0]}&stage=10`,
      [cat.universityCourseId],
    );
    expect(res.status).toBe(404);
    expect(await ownedIds('StudentCourse', owners.B)).toEqual(before);
    const own = await owners.X.api.post(
      `/StudentCourse/addOrUpdateList?studentId=${owners.X.studentIds[1]}&stage=10`,
      [cat.universityCourseId],
    );
    expect(own.status).toBe(200);
  });
});
