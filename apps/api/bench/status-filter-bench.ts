// The status filters of issue 12 before and after they went through the status index: the admin's
// Application Forms filtered by `status` and Student Maintenance filtered by `latestStatus`, on
// PostgreSQL, through the engine's own list function (the routes' SQL, no HTTP), one request at a
// time. "Per row" compiles the same filter against the fields without their `indexed` path (the
// SQL the engine sent before); "indexed" is what it sends now.
//
//   node --import tsx apps/api/bench/status-filter-bench.ts
//
// BENCH_DATABASE_URL as for `npm run bench`; BENCH_APPLICATIONS (20000) submitted applications, two
// per student, plus one student in ten with two courses chosen and nothing submitted; 100 agents;
// BENCH_RUNS (100) timed runs per line after 10 warm-up runs; BENCH_KEEP_DB=1 keeps the database.
import { APPLICATION_STATUSES, type TApplicationStatus, type TFilter } from '@uniapply/shared';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { applicationFormResource } from '../src/modules/application-forms/resource.js';
import type { TField, TResource } from '../src/resources/define.js';
import { resources } from '../src/resources/definitions/index.js';
import { listPage } from '../src/resources/queries.js';
import type { TActor } from '../src/resources/scope.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import { percentile } from './sql-load.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_status_bench';
const dbUrl = withDatabase(serverUrl, dbName);
const applications = Number(env.BENCH_APPLICATIONS ?? 20_000);
const students = Math.ceil(applications / 2);
const idle = Math.ceil(students / 10);
const agents = 100;
const runs = Number(env.BENCH_RUNS ?? 100);

/** A pipeline's spread, in parts of 200: many waiting early, few at the end. */
const SPREAD: [TApplicationStatus, number][] = [
  ['submitted', 60],
  ['underReview', 40],
  ['documentsRequested', 20],
  ['conditionalOffer', 20],
  ['unconditionalOffer', 16],
  ['rejected', 16],
  ['offerAccepted', 10],
  ['depositPaid', 6],
  ['passFiled', 4],
  ['evalIssued', 3],
  ['withdrawn', 3],
  ['enrolled', 2],
];

async function seedApplications() {
  const weighted = SPREAD.flatMap(([s, n]) => Array<string>(n).fill(s));
  if (weighted.length !== 200 || SPREAD.length !== APPLICATION_STATUSES.length) throw new Error('bad spread');
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query('begin');
  await c.query(
    `insert into users (issuer, subject, email, role)
     select 'bench', 'u' || g, 'u' || g || '@bench.example', case when g = 1 then 'Admin' else 'Agent' end
     from generate_series(1, $1::int) g`,
    [agents + 1],
  );
  await c.query(
    `insert into student_infos (user_id, first_name, last_name, passport_series, passport_number, gender,
       date_of_birth, email, address, city, post_code, race, phone_number, country)
     select 2 + g % $2::int, 'Student' || g, 'Gʻulomov', 'AB', lpad(g::text, 7, '0'), g % 2, '2004-05-06',
            's' || g || '@bench.example', 'Amir Temur ' || g, 'Samarqand', '140100', 'Uzbek', '+998901234567', g % 21
     from generate_series(1, $1::int) g`,
    [students + idle, agents],
  );
  // The first `students` submitted both courses (a confirm submits them together); the rest none.
  await c.query(
    `insert into student_courses (student_id, university_course_id, submitted_at)
     select s.id, 1 + (s.id * 7 + k) % 2000,
            case when s.id <= $1::int then timestamptz '2026-09-01' + (s.id % 60) * interval '1 day' end
     from student_infos s cross join generate_series(0, 1) k`,
    [students],
  );
  await c.query(
    `insert into application_statuses (student_course_id, status, updated_at)
     select id, ($1::text[])[1 + abs(hashtext(id::text)) % 200], submitted_at + (id % 40) * interval '1 day'
     from student_courses where submitted_at is not null`,
    [weighted],
  );
  await c.query('commit');
  await c.query('vacuum analyze');
  await c.end();
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 10; i++) await run();
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** The resource as the engine compiled it before: every field by its per-row `expr`. */
const perRow = (resource: TResource): TResource => ({
  ...resource,
  fields: Object.fromEntries(
    Object.entries(resource.fields).map(([path, { indexed: _, ...f }]) => [path, f as TField]),
  ),
});

async function main() {
  await recreateDatabase(serverUrl, dbName);
  const database = await openDatabase({ url: dbUrl, poolSize: 10 });
  try {
    await seedCatalogue(dbUrl, 2000);
    await seedApplications();
    const db = database.db;
    const admin: TActor = { id: 1, role: 'Admin', name: 'Bench' };
    const agent: TActor = { id: 2 + 7, role: 'Agent', name: 'Bench' };
    const eq = (field: string, value: string): TFilter => ({
      operator: 'AND',
      conditions: [{ field, operator: 'EQ', value }],
      groups: [],
    });
    console.log(
      `Database ${dbName}: ${(students + idle).toLocaleString('en')} students, ` +
        `${applications.toLocaleString('en')} submitted applications, ${agents} agents; ` +
        `${runs} runs per line after 10 warm-up runs, page 0 of 10 rows and the count`,
    );
    console.log('| list, filter | matching | per row p50 / p99 | indexed p50 / p99 |');
    console.log('|---|---|---|---|');
    const lines: [string, TResource, TActor, string, string][] = [
      ['Application Forms, admin', applicationFormResource, admin, 'status', 'submitted'],
      ['Application Forms, admin', applicationFormResource, admin, 'status', 'underReview'],
      ['Application Forms, admin', applicationFormResource, admin, 'status', 'depositPaid'],
      ['Application Forms, admin', applicationFormResource, admin, 'status', 'enrolled'],
      ['Application Forms, agent', applicationFormResource, agent, 'status', 'underReview'],
      ['Students, admin', resources.StudentInfo, admin, 'latestStatus', 'submitted'],
      ['Students, admin', resources.StudentInfo, admin, 'latestStatus', 'underReview'],
      ['Students, admin', resources.StudentInfo, admin, 'latestStatus', 'depositPaid'],
      ['Students, admin', resources.StudentInfo, admin, 'latestStatus', 'enrolled'],
      ['Students, agent', resources.StudentInfo, agent, 'latestStatus', 'underReview'],
    ];
    for (const [label, resource, actor, field, value] of lines) {
      const query = { filter: eq(field, value), page: 0, pageSize: 10 };
      const before = perRow(resource);
      const [a, b] = [await listPage(db, before, actor, query), await listPage(db, resource, actor, query)];
      if (a.totalRows !== b.totalRows || JSON.stringify(a.result) !== JSON.stringify(b.result))
        throw new Error(`${label} ${field}=${value}: the two forms disagree`);
      const old = await time(() => listPage(db, before, actor, query));
      const now = await time(() => listPage(db, resource, actor, query));
      console.log(
        `| ${label}, ${field} = ${value} | ${b.totalRows.toLocaleString('en')} | ` +
          `${ms(old.p50)} / ${ms(old.p99)} | ${ms(now.p50)} / ${ms(now.p99)} |`,
      );
    }
  } finally {
    await database.close();
    if (env.BENCH_KEEP_DB !== '1') await dropDatabase(serverUrl, dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
