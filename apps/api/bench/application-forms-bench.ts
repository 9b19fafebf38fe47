// The Application Form list and record on a large PostgreSQL database, through the module's own
// functions (the SQL the routes send, without HTTP): `node --import tsx
// apps/api/bench/application-forms-bench.ts`. BENCH_DATABASE_URL as for `npm run bench`;
// BENCH_STUDENTS (100000) students with two chosen courses each, three in four submitted.
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { applicationFormResource } from '../src/modules/application-forms/resource.js';
import { applicationFormOf } from '../src/modules/application-forms/service.js';
import { listPage } from '../src/resources/queries.js';
import type { TActor } from '../src/resources/scope.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import { percentile } from './sql-load.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_forms_bench';
const dbUrl = withDatabase(serverUrl, dbName);
const students = Number(env.BENCH_STUDENTS ?? 100_000);
const agents = 500;
const runs = Number(env.BENCH_RUNS ?? 200);

async function seedStudents() {
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
    `insert into student_infos (user_id, first_name, middle_name, last_name, passport_series,
       passport_number, gender, date_of_birth, email, address, city, post_code, race, phone_number, country)
     select 2 + g % $2::int,
            (array['Алишер', 'Bekzod', 'Dilnoza', 'Gʻulom', 'Oʻktam', 'Zarina', 'Тимур', 'Aziza'])[1 + g % 8] || g,
            case when g % 3 = 0 then 'Botir' end, 'Gʻulomov', 'AB', lpad(g::text, 7, '0'), g % 2,
            '2004-05-06', 's' || g || '@bench.example', 'Amir Temur ' || g, 'Samarqand', '140100', 'Uzbek',
            '+998901234567', g % 21
     from generate_series(1, $1::int) g`,
    [students, agents],
  );
  await c.query(
    `insert into student_courses (student_id, university_course_id, submitted_at)
     select s.id, 1 + (s.id * 7 + k) % 2000, case when (s.id / 8 + k) % 4 <> 0 then now() end
     from student_infos s cross join generate_series(0, 1) k`,
  );
  await c.query('commit');
  await c.query('vacuum analyze');
  await c.end();
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

async function time(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run();
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(58)} p50 ${ms(percentile(latencies, 50))}  p99 ${ms(percentile(latencies, 99))}`,
  );
}

async function main() {
  console.log(
    `Database ${dbName}: ${students.toLocaleString('en')} students, ${agents} agents, 2,000 university courses`,
  );
  await recreateDatabase(serverUrl, dbName);
  const database = await openDatabase({ url: dbUrl, poolSize: 10 });
  try {
    await seedCatalogue(dbUrl, 2000);
    await seedStudents();
    const db = database.db;
    const admin: TActor = { id: 1, role: 'Admin', name: 'Bench' };
    const agent: TActor = { id: 2 + 7, role: 'Agent', name: 'Bench' };
    const byName = (value: string) => ({
      operator: 'AND' as const,
      conditions: [{ field: 'studentInfo.firstName', operator: 'CONTAINS' as const, value }],
      groups: [],
    });
    const first = await listPage(db, applicationFormResource, admin, { page: 0, pageSize: 10 });
    console.log(`  submitted applications: ${first.totalRows.toLocaleString('en')}`);
    console.log(`${runs} runs each, after 10 warm-up runs, one at a time:`);
    await time('admin, no filter, page 0', () =>
      listPage(db, applicationFormResource, admin, { page: 0, pageSize: 10 }),
    );
    await time('admin, no filter, page 5000', () =>
      listPage(db, applicationFormResource, admin, { page: 5000, pageSize: 10 }),
    );
    await time("admin, firstName CONTAINS 'али' (1 in 8), page 0", () =>
      listPage(db, applicationFormResource, admin, { filter: byName('али'), page: 0, pageSize: 10 }),
    );
    await time("admin, firstName CONTAINS 'Алишер4711' (one student)", () =>
      listPage(db, applicationFormResource, admin, { filter: byName('Алишер4711'), page: 0, pageSize: 10 }),
    );
    await time("agent (200 students), firstName CONTAINS 'ek', page 0", () =>
      listPage(db, applicationFormResource, agent, { filter: byName('ek'), page: 0, pageSize: 10 }),
    );
    const id = first.result[0]!.id as number;
    await time('GET /ApplicationForm/{id} (the record)', () =>
      db.transaction((tx) => applicationFormOf(tx, admin, id)),
    );
  } finally {
    await database.close();
    if (env.BENCH_KEEP_DB !== '1') await dropDatabase(serverUrl, dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
