// @both-databases: SQL plans (explain)
import { APPLICATION_STATUSES, type TFilter, ZFilter } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import {
  courseCategories,
  courseLevels,
  courses,
  universities,
  universityCourses,
} from '../../src/db/schema/index.js';
import { applicationFormResource } from '../../src/modules/application-forms/resource.js';
import type { TField, TResource } from '../../src/resources/define.js';
import { resources } from '../../src/resources/definitions/index.js';
import { compileFilter } from '../../src/resources/filter.js';
import {
  compileResourceFilter,
  countQuery,
  listRows,
  pageIds,
  type TQuery,
} from '../../src/resources/queries.js';
import type { TActor } from '../../src/resources/scope.js';
import { createTestDatabase } from '../db.js';

// Issue 11/12: the status filters (`status` of Application Forms, `latestStatus` of Student
// Maintenance) reach their rows through `application_statuses_status_idx`, not by reading the
// status of every application (or every student) in scope. On a few thousand applications, with
// the planner's statistics, the plans must use the index, and the rows must be exactly those of the
// per-row definition (`expr`), for every status, operator and scope.

const STUDENTS = 3000; // two chosen courses each
const AGENTS = 20;
const RARE = 'enrolled'; // about one application in a hundred

let database: Database;
const dialect = new PgDialect();
const admin: TActor = { id: 1, role: 'Admin', name: 'Plan Admin' };
// Users are numbered from 1 (the admin); agent 9 manages the students with g % 20 = 7.
const agent: TActor = { id: 9, role: 'Agent', name: 'Plan Agent' };

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(courseLevels).values({ name: 'Bachelor' });
  await db.insert(courseCategories).values({ name: 'IT' });
  const [uni] = await db
    .insert(universities)
    .values({
      name: 'Plan U',
      email: 'a@u.test',
      phone: '1',
      fax: '2',
      address: 'x',
      website: 'https://u.test',
    })
    .returning({ id: universities.id });
  const made = await db
    .insert(courses)
    .values([1, 2].map((i) => ({ name: `Course ${i}`, levelId: 1, categoryId: 1 })))
    .returning({ id: courses.id });
  const ucs = await db
    .insert(universityCourses)
    .values(
      made.map((c) => ({ universityId: uni!.id, courseId: c.id, duration: 12, price: 1000, currency: 0 })),
    )
    .returning({ id: universityCourses.id });
  await db.execute(sql`insert into users (issuer, subject, email, role)
    select 'plan', 'u' || g, 'u' || g || '@plan.test', case when g = 1 then 'Admin' else 'Agent' end
    from generate_series(1, ${AGENTS + 1}::int) g`);
  await db.execute(sql`insert into student_infos (user_id, first_name, last_name, passport_series,
      passport_number, gender, date_of_birth, email, address, city, post_code, race, phone_number, country)
    select 2 + g % ${AGENTS}::int, 'Student' || g, 'Plan', 'AB', lpad(g::text, 7, '0'), g % 2, '2004-05-06',
           's' || g || '@plan.test', 'a', 'c', '1', 'r', '+998901234567', g % 21
    from generate_series(1, ${STUDENTS}::int) g`);
  // One student in ten has submitted nothing, one in seven only the first course. A confirm submits
  // together, so a student's two courses share submitted_at (ties broken by the id).
  await db.execute(sql`insert into student_courses (student_id, university_course_id, submitted_at)
    select s.id, (array[${ucs[0]!.id}::int, ${ucs[1]!.id}::int])[k],
           case when s.id % 10 = 0 or (s.id % 7 = 0 and k = 2) then null
                else timestamptz '2026-01-01' + (s.id % 30) * interval '1 day' end
    from student_infos s cross join generate_series(1, 2) k`);
  // Every status; changes spread over a few hours (every third student's two tie); one submitted
  // application in 53 has no status row (it reads as submitted).
  const others = APPLICATION_STATUSES.filter((s) => s !== RARE);
  await db.execute(sql`insert into application_statuses (student_course_id, status, updated_at)
    select id, case when id % 97 = 0 then ${RARE}
                    else (${sql.raw(`array[${others.map((s) => `'${s}'`).join(', ')}]`)})[1 + id % ${others.length}::int] end,
           submitted_at + case when student_id % 3 = 0 then 0 else (id * 13) % 5 end * interval '1 hour'
    from student_courses where submitted_at is not null and id % 53 <> 0`);
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(() => database?.close());

const where = (field: string, operator: 'EQ' | 'CONTAINS' | 'BETWEEN', value: unknown): TFilter =>
  ZFilter.parse({ operator: 'AND', conditions: [{ field, operator, value }], groups: [] });

/** The resource's fields without their indexed paths: each field by its per-row `expr` only. */
const perRow = (resource: TResource): Record<string, TField> =>
  Object.fromEntries(Object.entries(resource.fields).map(([path, { indexed: _, ...f }]) => [path, f]));

async function plan(query: TQuery): Promise<string> {
  const res = (await database.db.execute(sql`explain ${query.getSQL()}`)) as unknown as {
    rows: Record<string, string>[];
  };
  return res.rows.map((r) => Object.values(r)[0]).join('\n');
}

const cases: [string, TResource, string][] = [
  ['Application Forms `status`', applicationFormResource, 'status'],
  ['Student Maintenance `latestStatus`', resources.StudentInfo, 'latestStatus'],
];

describe.each(cases)('%s', (_, resource, field) => {
  it('uses application_statuses_status_idx for a status of ~1%, where the per-row filter does not', async () => {
    const filter = where(field, 'EQ', RARE);
    const compiled = compileFilter(filter, resource.fields);
    const count = await plan(countQuery(database.db, resource, admin, compiled));
    const page = await plan(pageIds(database.db, resource, admin, compiled, 10, 0));
    expect(count).toContain('application_statuses_status_idx');
    // The page of ten may instead walk both primary keys in id order (a merge join that stops at the
    // tenth match), but it never reads the status per row.
    expect(page.includes('application_statuses_status_idx') || !page.includes('SubPlan'), page).toBe(true);
    // The old form (the status read per row, through the primary key) never touches the index:
    // this test fails on it.
    const old = compileFilter(filter, perRow(resource));
    expect(await plan(countQuery(database.db, resource, admin, old))).not.toContain(
      'application_statuses_status_idx',
    );
  });

  it("takes the index for an admin and the per-row form inside an agent's scope (its few rows)", () => {
    const filter = where(field, 'EQ', RARE);
    const sqlOf = (actor: TActor, compiled: ReturnType<typeof compileFilter>) =>
      dialect.sqlToQuery(countQuery(database.db, resource, actor, compiled).getSQL()).sql;
    const forAdmin = sqlOf(admin, compileResourceFilter(resource, admin, filter));
    const forAgent = sqlOf(agent, compileResourceFilter(resource, agent, filter));
    expect(forAdmin).toBe(sqlOf(admin, compileFilter(filter, resource.fields)));
    expect(forAgent).toBe(sqlOf(agent, compileFilter(filter, perRow(resource))));
    expect(forAgent).not.toBe(sqlOf(agent, compileFilter(filter, resource.fields)));
  });

  it('selects exactly the rows of the per-row definition, for every status, operator and scope', async () => {
    const filters = [
      ...APPLICATION_STATUSES.map((s) => where(field, 'EQ', s)),
      where(field, 'EQ', null),
      where(field, 'EQ', 'nonsense'),
      where(field, 'CONTAINS', 'OFFER'),
      where(field, 'CONTAINS', 'mitt'), // submitted: the rows without a status row too
      where(field, 'BETWEEN', ['o', 'r']),
      where(field, 'BETWEEN', [null, 'd']),
    ];
    let matched = 0;
    for (const actor of [admin, agent]) {
      for (const filter of filters) {
        const ids = async (fields: Record<string, TField>) =>
          (await listRows(database.db, resource, actor, compileFilter(filter, fields), 100_000)).map(
            (r) => r.id,
          );
        const got = await ids(resource.fields);
        expect(got, JSON.stringify(filter.conditions)).toEqual(await ids(perRow(resource)));
        if (got.length > 0) matched++;
      }
    }
    expect(matched).toBeGreaterThan(20); // real matches, not empty lists compared
  });
});

it('the data has what the comparison needs: ties, applications without a status row, students without one', async () => {
  const [row] = (
    (await database.db.execute(sql`select
      (select count(*) from student_courses sc where submitted_at is not null
         and not exists (select 1 from application_statuses s where s.student_course_id = sc.id))::int as no_row,
      (select count(*) from application_statuses where status = ${RARE})::int as rare,
      (select count(*) from student_infos si where not exists (select 1 from student_courses sc
         where sc.student_id = si.id and sc.submitted_at is not null))::int as none,
      (select count(*) from (select student_id from student_courses sc
         left join application_statuses s on s.student_course_id = sc.id where sc.submitted_at is not null
         group by student_id having count(distinct coalesce(s.updated_at, sc.submitted_at)) < count(*)) t)::int as ties`)) as unknown as {
      rows: Record<string, number>[];
    }
  ).rows;
  expect(row!.no_row).toBeGreaterThan(50);
  expect(row!.rare).toBeGreaterThan(30);
  expect(row!.rare).toBeLessThan(100);
  expect(row!.none).toBeGreaterThan(200);
  expect(row!.ties).toBeGreaterThan(50);
});
