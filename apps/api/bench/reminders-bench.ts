// `npm run bench:reminders` (and part of `npm run bench`): one run of the reminders job (issue 21
// item 6: at most 2 s) on PostgreSQL with BENCH_APPLICATIONS (100,000) applications and
// BENCH_INTAKES (10,000) open intakes. Half the students have their own account, half belong to
// 500 agents; each student has two applications, each of one intake of its course. 60% of the
// students confirmed (their applications are in the status pipeline, 5% of those waiting for
// documents); the rest are in the wizard, their last saves spread over 30 days. Deadlines are spread
// over the next year, saves and requests over the past month.
//
// The job runs in this process through its own function (sendReminders: the SQL the job runs, no
// HTTP). First the backlog (the first runs after deployment, when every reminder already due is
// sent, at most REMINDERS_PER_RUN of each kind per run), then BENCH_RUNS (10) hourly runs, each one
// hour later on the job's clock (the steady state). The goal holds for every run.
//
// Environment: BENCH_DATABASE_URL (database `uniapply_reminders_bench` is created on it and dropped
// at the end), BENCH_APPLICATIONS, BENCH_INTAKES, BENCH_RUNS, BENCH_KEEP_DB=1.
import { DEFAULT_SETTINGS } from '@uniapply/shared';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { sendReminders } from '../src/modules/reminders/send.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import { percentile } from './sql-load.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_reminders_bench';
const dbUrl = withDatabase(serverUrl, dbName);
const applications = Number(env.BENCH_APPLICATIONS ?? 100_000);
const intakeCount = Number(env.BENCH_INTAKES ?? 10_000);
const runs = Number(env.BENCH_RUNS ?? 10);
const students = Math.ceil(applications / 2);
const agents = 500;
const universityCourses = 2000;
/** The job's clock at the first run. */
const NOW = new Date('2027-01-15T09:00:00Z');
const log = (s: string) => console.log(s);

async function seed() {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const q = (text: string, values: unknown[] = []) => c.query(text, values);
  await q('begin');
  // Accounts: 1 to `agents` are agents, the rest students (one per own profile).
  await q(
    `insert into users (issuer, subject, email, role, app_language)
     select 'bench', 'u' || g, 'u' || g || '@bench.example', case when g <= $1::int then 'Agent' else 'Student' end,
            (array['uz', 'ru', 'en'])[1 + g % 3]
     from generate_series(1, $1::int + $2::int / 2) g`,
    [agents, students],
  );
  await q(
    `insert into student_infos (user_id, first_name, last_name, passport_series, passport_number, gender,
       date_of_birth, email, address, city, post_code, race, phone_number, country)
     select case when g % 2 = 0 then $2::int + g / 2 else 1 + g % $2::int end, 'Student' || g, 'Gʻulomov',
            'AB', lpad(g::text, 7, '0'), g % 2, '2004-05-06', 's' || g || '@bench.example', 'Amir Temur ' || g,
            'Samarqand', '140100', 'Uzbek', '+998901234567', g % 21
     from generate_series(1, $1::int) g`,
    [students, agents],
  );
  // Five intakes per university course, open, deadlines over the next year.
  await q(
    `insert into intakes (university_course_id, start_date, application_deadline, acceptance_deadline)
     select 1 + g % $2::int, date '2027-09-01' + (g % 365), $3::timestamptz + (g % 365) * interval '1 day' + (g % 24) * interval '1 hour',
            $3::timestamptz + (g % 365 + 60) * interval '1 day'
     from generate_series(1, $1::int) g`,
    [intakeCount, universityCourses, NOW.toISOString()],
  );
  // 60% of the students confirmed (stage 11), the others' last saves over the past 30 days.
  await q(
    `insert into application_stages (student_id, step, saved_at)
     select id, case when id % 5 < 3 then 11 else 1 + id % 10 end,
            $1::timestamptz - (id % 720) * interval '1 hour'
     from student_infos`,
    [NOW.toISOString()],
  );
  await q(
    `insert into student_courses (student_id, university_course_id, intake_id, submitted_at)
     select s.id, i.university_course_id, i.id,
            case when s.id % 5 < 3 then $2::timestamptz - (s.id % 60) * interval '1 day' end
     from student_infos s cross join generate_series(0, 1) k
     join intakes i on i.id = 1 + (s.id * 2 + k) % $1::int`,
    [intakeCount, NOW.toISOString()],
  );
  await q(
    `insert into application_statuses (student_course_id, status, updated_at)
     select id, case when id % 20 = 0 then 'documentsRequested' else 'underReview' end,
            submitted_at + interval '1 day'
     from student_courses where submitted_at is not null`,
  );
  await q(
    `insert into document_requests (student_course_id, text, created_at)
     select st.student_course_id, 'Bank statement', $1::timestamptz - (st.student_course_id % 240) * interval '1 hour'
     from application_statuses st where st.status = 'documentsRequested'`,
    [NOW.toISOString()],
  );
  await q('commit');
  await q('vacuum analyze');
  const counts = await q(`select (select count(*) from student_courses) as applications,
    (select count(*) from intakes where open) as intakes, (select count(*) from student_infos) as students`);
  await c.end();
  return counts.rows[0] as { applications: string; intakes: string; students: string };
}

async function main() {
  log(`Database ${dbName} on ${new URL(serverUrl).host}`);
  await recreateDatabase(serverUrl, dbName);
  const database = await openDatabase({ url: dbUrl, poolSize: 4 });
  try {
    await seedCatalogue(dbUrl, universityCourses);
    const counts = await seed();
    log(
      `${Number(counts.applications).toLocaleString('en')} applications of ` +
        `${Number(counts.students).toLocaleString('en')} students, ${Number(counts.intakes).toLocaleString('en')} open intakes`,
    );
    const run = async (now: Date) => {
      const start = performance.now();
      const sent = await sendReminders(database.db, now, DEFAULT_SETTINGS);
      return { ms: performance.now() - start, sent };
    };
    // The backlog: runs at the first instant until nothing more is due (at most REMINDERS_PER_RUN
    // of each kind per run, as the hourly job would send them over its next runs).
    const backlog: number[] = [];
    const total = { idle: 0, documents: 0, deadline: 0 };
    for (;;) {
      const r = await run(NOW);
      backlog.push(r.ms);
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r.sent[k];
      log(`Backlog run ${backlog.length}: ${r.ms.toFixed(0)} ms, sent ${JSON.stringify(r.sent)}`);
      if (r.sent.idle + r.sent.documents + r.sent.deadline === 0) break;
    }
    log(`Backlog: ${JSON.stringify(total)} in ${backlog.length} runs`);
    const times: number[] = [];
    for (let h = 1; h <= runs; h++) {
      const r = await run(new Date(NOW.getTime() + h * 3600_000));
      times.push(r.ms);
      log(`Hourly run ${h}: ${r.ms.toFixed(0)} ms, sent ${JSON.stringify(r.sent)}`);
    }
    times.sort((a, b) => a - b);
    backlog.sort((a, b) => a - b);
    const worst = Math.max(backlog.at(-1)!, times.at(-1)!);
    log('| run | median | max |');
    log('|---|---|---|');
    log(
      `| hourly (${runs} runs) | ${percentile(times, 50).toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms |`,
    );
    log(
      `| backlog (${backlog.length} runs) | ${percentile(backlog, 50).toFixed(0)} ms | ${backlog.at(-1)!.toFixed(0)} ms |`,
    );
    log(`Goal: one run at most 2 s: ${worst <= 2000 ? 'met' : 'NOT met'} (worst ${worst.toFixed(0)} ms)`);
  } finally {
    await database.close();
    if (!env.BENCH_KEEP_DB) await dropDatabase(serverUrl, dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
