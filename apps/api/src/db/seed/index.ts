import { DOCUMENT_TYPES } from '@uniapply/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../client.js';
import {
  applicationStages,
  courseCategories,
  courseLevels,
  courses,
  documentTypes,
  emergencyContacts,
  exchangeRates,
  experiences,
  intakes,
  languageQualifications,
  otherInfos,
  qualifications,
  studentCourses,
  studentGuardians,
  studentInfos,
  universities,
  universityCourses,
  users,
} from '../schema/index.js';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  COURSES,
  DEMO_EXCHANGE_RATES,
  UNIVERSITY_COURSES,
} from './courses-data.js';
import { demoIntakes } from './intakes-data.js';
import { AGENT_FULL_NAME, DEMO_ISSUER, DEMO_STUDENTS, DEMO_USERS } from './people-data.js';
import { UNIVERSITIES } from './universities-data.js';

// Two API processes may start at once on one PostgreSQL: they take turns through this lock.
const SEED_LOCK = 72_240_001;

export type TSeedReport = { documentTypes: boolean; catalogue: boolean; users: number; students: number };

/**
 * Seeds the demo catalogue, the demo accounts and the agent's demo students, in one transaction.
 * Idempotent: each part is written only when it is missing (the catalogue when its tables are all
 * empty, accounts by issuer + subject, the demo students together with the agent account that owns
 * them), so a second run, or a restart after people edited the data, changes nothing.
 */
export async function seedIfEmpty(db: TDb): Promise<TSeedReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const report: TSeedReport = { documentTypes: false, catalogue: false, users: 0, students: 0 };
    report.documentTypes = await seedDocumentTypes(tx);
    const ids = await seedCatalogue(tx);
    report.catalogue = ids !== null;
    const created = await seedUsers(tx);
    report.users = created.size;
    const agentId = created.get(DEMO_USERS.agent.email);
    // The demo students come with their agent, so deleting them later does not bring them back.
    if (agentId !== undefined)
      report.students = await seedStudents(tx, agentId, ids ?? (await catalogueIds(tx)));
    return report;
  });
}

/**
 * Data the portal needs in every installation, demo or not: the four document types with their
 * fixed ids (the wizard's document slots; 4 is the optional one). Written only into an empty table.
 */
export async function seedReferenceData(db: TDb): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    return seedDocumentTypes(tx);
  });
}

async function seedDocumentTypes(tx: TTx): Promise<boolean> {
  if (await hasRows(tx, documentTypes)) return false;
  await tx.insert(documentTypes).values(DOCUMENT_TYPES.map((d) => ({ id: d.id, name: d.name })));
  // Explicit ids do not move the identity sequence: advance it so the next insert gets id 5.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('document_types', 'id'), (select max(id) from document_types))`,
  );
  return true;
}

type TCatalogueIds = { universities: Map<string, number>; courses: Map<string, number> };

async function seedCatalogue(tx: TTx): Promise<TCatalogueIds | null> {
  for (const table of [courseLevels, courseCategories, courses, universities, universityCourses]) {
    if (await hasRows(tx, table)) return null;
  }
  const levels = await tx
    .insert(courseLevels)
    .values(COURSE_LEVELS.map((name) => ({ name })))
    .returning();
  const categories = await tx
    .insert(courseCategories)
    .values(COURSE_CATEGORIES.map((name) => ({ name })))
    .returning();
  const levelId = byName(levels);
  const categoryId = byName(categories);
  const courseRows = await tx
    .insert(courses)
    .values(
      COURSES.map((x) => ({
        name: x.name,
        description: x.description,
        levelId: levelId(x.level),
        categoryId: categoryId(x.category),
      })),
    )
    .returning({ id: courses.id, name: courses.name });
  const uniRows = await tx
    .insert(universities)
    .values(UNIVERSITIES.map(({ key: _key, ...u }) => u))
    .returning({ id: universities.id, name: universities.name });
  const ids: TCatalogueIds = {
    universities: new Map(UNIVERSITIES.map((u) => [u.key, byName(uniRows)(u.name)])),
    courses: new Map(courseRows.map((r) => [r.name, r.id])),
  };
  const offers = await tx
    .insert(universityCourses)
    .values(
      UNIVERSITY_COURSES.map(({ university, course, ...rest }) => ({
        ...rest,
        universityId: ids.universities.get(university)!,
        courseId: ids.courses.get(course)!,
      })),
    )
    .returning({
      id: universityCourses.id,
      universityId: universityCourses.universityId,
      courseId: universityCourses.courseId,
    });
  // With a new catalogue only: rates an admin deleted do not come back at the next start.
  if (!(await hasRows(tx, exchangeRates))) await tx.insert(exchangeRates).values([...DEMO_EXCHANGE_RATES]);
  const offerId = new Map(offers.map((o) => [`${o.universityId}/${o.courseId}`, o.id]));
  const seeded = UNIVERSITY_COURSES.map(({ university, course }) => ({
    university,
    course,
    id: offerId.get(`${ids.universities.get(university)}/${ids.courses.get(course)}`)!,
  }));
  await tx.insert(intakes).values(demoIntakes(seeded));
  return ids;
}

/** Ids of the seeded catalogue when it was already there (a demo student's course choice needs them). */
async function catalogueIds(tx: TTx): Promise<TCatalogueIds> {
  const uniRows = await tx.select({ id: universities.id, name: universities.name }).from(universities);
  const courseRows = await tx.select({ id: courses.id, name: courses.name }).from(courses);
  const uniByName = new Map(uniRows.map((r) => [r.name, r.id]));
  const ids: TCatalogueIds = {
    universities: new Map(),
    courses: new Map(courseRows.map((r) => [r.name, r.id])),
  };
  for (const u of UNIVERSITIES) {
    const id = uniByName.get(u.name);
    if (id !== undefined) ids.universities.set(u.key, id);
  }
  return ids;
}

/** Inserts the missing demo accounts; returns the ones created now, by email. */
async function seedUsers(tx: TTx): Promise<Map<string, number>> {
  const rows = await tx
    .insert(users)
    .values(Object.values(DEMO_USERS).map((u) => ({ ...u, issuer: DEMO_ISSUER, subject: u.email })))
    .onConflictDoNothing({ target: [users.issuer, users.subject] })
    .returning({ id: users.id, email: users.email });
  return new Map(rows.map((r) => [r.email, r.id]));
}

async function seedStudents(tx: TTx, agentId: number, ids: TCatalogueIds): Promise<number> {
  const audit = { lastUpdatedBy: AGENT_FULL_NAME, lastUpdatedDate: new Date().toISOString() };
  for (const s of DEMO_STUDENTS) {
    const [student] = await tx
      .insert(studentInfos)
      .values({ ...s.info, ...audit, userId: agentId })
      .returning({ id: studentInfos.id });
    const studentId = student!.id;
    if (s.guardian) await tx.insert(studentGuardians).values({ ...s.guardian, ...audit, studentId });
    if (s.emergency) await tx.insert(emergencyContacts).values({ ...s.emergency, ...audit, studentId });
    for (const q of s.qualifications ?? []) await tx.insert(qualifications).values({ ...q, studentId });
    for (const l of s.languages ?? []) await tx.insert(languageQualifications).values({ ...l, studentId });
    for (const e of s.experiences ?? []) await tx.insert(experiences).values({ ...e, studentId });
    if (s.otherInfo) {
      const { referredByAgent, ...flags } = s.otherInfo;
      await tx
        .insert(otherInfos)
        .values({ ...flags, ...audit, agentId: referredByAgent ? agentId : null, studentId });
    }
    for (const [uniKey, courseName] of s.courses ?? []) {
      const universityId = ids.universities.get(uniKey);
      const courseId = ids.courses.get(courseName);
      if (universityId === undefined || courseId === undefined) continue; // catalogue was edited
      const [uc] = await tx
        .select({ id: universityCourses.id })
        .from(universityCourses)
        .where(
          and(eq(universityCourses.universityId, universityId), eq(universityCourses.courseId, courseId)),
        )
        .limit(1);
      if (uc) await tx.insert(studentCourses).values({ studentId, universityCourseId: uc.id });
    }
    await tx.insert(applicationStages).values({ studentId, step: s.stage });
  }
  return DEMO_STUDENTS.length;
}

async function hasRows(tx: TTx, table: PgTable) {
  const rows = await tx.select({ one: sql`1` }).from(table).limit(1);
  return rows.length > 0;
}

function byName(rows: { id: number; name: string }[]) {
  const map = new Map(rows.map((r) => [r.name, r.id]));
  return (name: string) => {
    const id = map.get(name);
    if (id === undefined) throw new Error(`seed: no row named ${name}`);
    return id;
  };
}
