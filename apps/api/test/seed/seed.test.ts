// @both-databases: two start-ups seeding at once (advisory lock)
import {
  CURRENCIES,
  DOCUMENT_TYPES,
  ROLES,
  ZCourseInput,
  ZEmergencyContactFields,
  ZEmergencyContactInput,
  ZExperienceFields,
  ZExperienceInput,
  ZGuardianFields,
  ZGuardianInput,
  ZIntakeInput,
  ZLanguageFields,
  ZLanguageInput,
  ZNamedInput,
  ZOtherInfoFields,
  ZOtherInfoInput,
  ZQualificationFields,
  ZQualificationInput,
  ZStage,
  ZStudentCourseInput,
  ZStudentInfoInput,
  ZUniversityCourseInput,
  ZUniversityInput,
} from '@uniapply/shared';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Database } from '../../src/db/client.js';
import * as schema from '../../src/db/schema/index.js';
import { DEMO_ACCOUNTS } from '../../src/db/seed/demo-accounts.js';
import { seedIfEmpty, seedReferenceData } from '../../src/db/seed/index.js';
import { createTestDatabase, testDbKind } from '../db.js';

const seededTables = {
  documentTypes: schema.documentTypes,
  courseLevels: schema.courseLevels,
  courseCategories: schema.courseCategories,
  courses: schema.courses,
  universities: schema.universities,
  universityCourses: schema.universityCourses,
  intakes: schema.intakes,
  users: schema.users,
  studentInfos: schema.studentInfos,
  studentGuardians: schema.studentGuardians,
  emergencyContacts: schema.emergencyContacts,
  qualifications: schema.qualifications,
  languageQualifications: schema.languageQualifications,
  experiences: schema.experiences,
  otherInfos: schema.otherInfos,
  studentCourses: schema.studentCourses,
  applicationStages: schema.applicationStages,
  studentDocuments: schema.studentDocuments,
  notifications: schema.notifications,
} satisfies Record<string, PgTable>;

async function snapshot(database: Database) {
  const out: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(seededTables)) {
    const rows = await database.db.select().from(table as PgTable);
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** The row passes the shared schema, and parsing changes nothing (no trimming, no added https://). */
function expectValid(input: z.ZodType, fields: z.ZodObject, row: Record<string, unknown>) {
  const picked = Object.fromEntries(Object.keys(fields.shape).map((k) => [k, row[k]]));
  const parsed = input.safeParse(picked);
  expect(parsed.error?.issues ?? [], JSON.stringify(picked)).toEqual([]);
  expect(parsed.data).toEqual(picked);
}

describe(`demo seed (${testDbKind()})`, () => {
  let database: Database;
  let first: Awaited<ReturnType<typeof seedIfEmpty>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await seedIfEmpty(database.db);
  });
  afterAll(() => database.close());

  it('fills an empty database once; running it again changes nothing', async () => {
    expect(first).toEqual({ documentTypes: true, catalogue: true, users: 3, students: 2 });
    const before = await snapshot(database);
    expect(await seedIfEmpty(database.db)).toEqual({
      documentTypes: false,
      catalogue: false,
      users: 0,
      students: 0,
    });
    expect(await seedReferenceData(database.db)).toBe(false);
    expect(await snapshot(database)).toEqual(before);
  });

  it('gives the document types their fixed ids and lets later ones follow', async () => {
    const rows = await database.db.select().from(schema.documentTypes).orderBy(schema.documentTypes.id);
    expect(rows).toEqual(DOCUMENT_TYPES.map((d) => ({ id: d.id, name: d.name })));
    const [added] = await database.db
      .insert(schema.documentTypes)
      .values({ name: 'Bank Statement' })
      .returning();
    expect(added!.id).toBe(5);
    await database.db.delete(schema.documentTypes).where(eq(schema.documentTypes.id, 5));
  });

  it('has a catalogue worth browsing, every row valid for the shared schemas', async () => {
    const { db } = database;
    const unis = await db.select().from(schema.universities);
    expect(unis.length).toBeGreaterThanOrEqual(12);
    for (const u of unis) expectValid(ZUniversityInput, ZUniversityInput, u);
    expect(unis.map((u) => u.name)).toEqual(
      expect.arrayContaining(['Universiti Malaya', "Taylor's University", 'Monash University Malaysia']),
    );

    const levels = await db.select().from(schema.courseLevels);
    const categories = await db.select().from(schema.courseCategories);
    expect(levels.map((l) => l.name)).toEqual([
      'Foundation',
      'Diploma',
      "Bachelor's Degree",
      "Master's Degree",
      'PhD',
    ]);
    expect(categories.length).toBeGreaterThanOrEqual(9);
    for (const n of [...levels, ...categories]) expectValid(ZNamedInput, ZNamedInput, n);

    const courses = await db.select().from(schema.courses);
    for (const c of courses) expectValid(ZCourseInput, ZCourseInput, c);
    expect(new Set(courses.map((c) => c.levelId)).size).toBe(levels.length);
    expect(new Set(courses.map((c) => c.categoryId)).size).toBe(categories.length);

    const offers = await db.select().from(schema.universityCourses);
    expect(offers.length).toBeGreaterThanOrEqual(40);
    for (const o of offers) expectValid(ZUniversityCourseInput, ZUniversityCourseInput, o);
    const byCurrency = CURRENCIES.map((_, i) => offers.filter((o) => o.currency === i).length);
    expect(byCurrency.every((n) => n > 0)).toBe(true);
    expect(byCurrency[0]).toBeGreaterThan(offers.length / 2); // mostly MYR
    expect(new Set(offers.map((o) => o.requiredLanguageId))).toEqual(new Set([-1, 0, 1]));
    expect(new Set(offers.map((o) => o.universityId)).size).toBe(unis.length);
  });

  it('gives every offer but the doctoral ones February, July and September 2027 intakes, one capped', async () => {
    const { db } = database;
    const utc = (column: AnyPgColumn) =>
      sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const rows = await db
      .select({
        universityCourseId: schema.intakes.universityCourseId,
        startDate: schema.intakes.startDate,
        applicationDeadline: utc(schema.intakes.applicationDeadline),
        lateDeadline: utc(schema.intakes.lateDeadline),
        acceptanceDeadline: utc(schema.intakes.acceptanceDeadline),
        seatCap: schema.intakes.seatCap,
        open: schema.intakes.open,
      })
      .from(schema.intakes);
    for (const r of rows) expectValid(ZIntakeInput, ZIntakeInput, r);
    const offers = await db.select({ id: schema.universityCourses.id }).from(schema.universityCourses);
    const doctoral = await db
      .select({ id: schema.universityCourses.id })
      .from(schema.universityCourses)
      .innerJoin(schema.courses, eq(schema.courses.id, schema.universityCourses.courseId))
      .where(sql`${schema.courses.name} like 'Doctor of Philosophy%'`);
    expect(doctoral.length).toBeGreaterThan(0);
    expect(rows).toHaveLength((offers.length - doctoral.length) * 3);
    expect(new Set(rows.map((r) => r.startDate))).toEqual(
      new Set(['2027-02-22', '2027-07-05', '2027-09-20']),
    );
    // 23:59 in Kuala Lumpur (UTC+8) ten weeks before 22 February: 14 December 2026, 15:59 UTC.
    expect(rows.find((r) => r.startDate === '2027-02-22')).toMatchObject({
      applicationDeadline: '2026-12-14T15:59:00.000Z',
      lateDeadline: '2026-12-28T15:59:00.000Z',
      acceptanceDeadline: '2027-02-01T15:59:00.000Z',
    });
    expect(rows.filter((r) => r.seatCap !== null).map((r) => [r.startDate, r.seatCap])).toEqual([
      ['2027-09-20', 30],
    ]);
  });

  it('creates the demo accounts the demo provider signs in as', async () => {
    const rows = await database.db.select().from(schema.users);
    const demo = rows.filter((r) => r.issuer === 'demo');
    expect(
      demo.map((u) => ({
        email: u.email,
        subject: u.subject,
        role: u.role,
        firstName: u.firstName,
        lastName: u.lastName,
      })),
    ).toEqual(
      expect.arrayContaining(
        DEMO_ACCOUNTS.map((a) => ({ ...a, subject: a.email })).map(
          ({ email, subject, role, firstName, lastName }) => ({
            email,
            subject,
            role,
            firstName,
            lastName,
          }),
        ),
      ),
    );
    expect(demo.map((u) => u.email).sort()).toEqual([
      'admin@demo.local',
      'agent@demo.local',
      'student@demo.local',
    ]);
    for (const u of demo) expect(ROLES).toContain(u.role);
  });

  it('gives the agent two valid students, one well along with a course choice', async () => {
    const { db } = database;
    const [agent] = await db.select().from(schema.users).where(eq(schema.users.email, 'agent@demo.local'));
    const students = await db.select().from(schema.studentInfos);
    expect(students).toHaveLength(2);
    for (const s of students) {
      expect(s.userId).toBe(agent!.id);
      expect(s.country).toBe(0);
      expect(s.lastUpdatedBy).toBe('Timur Rashidov');
      expectValid(ZStudentInfoInput, ZStudentInfoInput, s);
    }
    const check = async (table: PgTable, input: z.ZodType, fields: z.ZodObject) => {
      const rows = (await db.select().from(table)) as Record<string, unknown>[];
      for (const r of rows) expectValid(input, fields, r);
      return rows;
    };
    expect(await check(schema.studentGuardians, ZGuardianInput, ZGuardianFields)).toHaveLength(1);
    expect(
      await check(schema.emergencyContacts, ZEmergencyContactInput, ZEmergencyContactFields),
    ).toHaveLength(1);
    expect(await check(schema.qualifications, ZQualificationInput, ZQualificationFields)).toHaveLength(1);
    expect(await check(schema.languageQualifications, ZLanguageInput, ZLanguageFields)).toHaveLength(1);
    expect(await check(schema.experiences, ZExperienceInput, ZExperienceFields)).toHaveLength(1);
    const [other] = await check(schema.otherInfos, ZOtherInfoInput, ZOtherInfoFields);
    expect(other!.agentId).toBe(agent!.id);
    expect(await check(schema.studentCourses, ZStudentCourseInput, ZStudentCourseInput)).toHaveLength(2);
    const stages = await check(schema.applicationStages, ZStage, ZStage);
    expect(stages.map((s) => s.step).sort()).toEqual([2, 7]);
  });

  it('leaves edited data alone: deleted demo students and renamed universities stay as people left them', async () => {
    const { db } = database;
    await db.delete(schema.studentInfos);
    await db
      .update(schema.universities)
      .set({ name: 'Renamed University' })
      .where(eq(schema.universities.id, 1));
    expect(await seedIfEmpty(db)).toEqual({ documentTypes: false, catalogue: false, users: 0, students: 0 });
    expect(await db.select().from(schema.studentInfos)).toEqual([]);
    const [u] = await db.select().from(schema.universities).where(eq(schema.universities.id, 1));
    expect(u!.name).toBe('Renamed University');
  });
});

describe.skipIf(testDbKind() !== 'postgres')('demo seed, two processes starting at once (postgres)', () => {
  it('seeds once when two start-ups race', async () => {
    const database = await createTestDatabase();
    try {
      const reports = await Promise.all([seedIfEmpty(database.db), seedIfEmpty(database.db)]);
      expect(reports.filter((r) => r.catalogue)).toHaveLength(1);
      const names = (
        await database.db.select({ name: schema.universities.name }).from(schema.universities)
      ).map((r) => r.name);
      expect(names.length).toBeGreaterThanOrEqual(12);
      expect(new Set(names).size).toBe(names.length);
    } finally {
      await database.close();
    }
  });
});
