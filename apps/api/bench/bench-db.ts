import pg from 'pg';

/** The PostgreSQL server's URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export async function recreateDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
}

export async function dropDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/**
 * Fills a migrated database with `rows` university courses in a few set-based statements.
 * Course names alternate between engineering and other programmes, and university courses cycle
 * through the courses, so `course.name CONTAINS 'Engineering'` matches half of them.
 */
export async function seedCatalogue(url: string, rows: number) {
  const universities = 200;
  const courses = 2000;
  await onServer(url, async (c) => {
    await c.query('begin');
    await c.query(`insert into course_levels (name) values
      ('Foundation'), ('Diploma'), ('Bachelor''s Degree'), ('Master''s Degree'), ('PhD')`);
    await c.query(`insert into course_categories (name) values
      ('Computing & IT'), ('Engineering'), ('Business & Management'), ('Medicine & Health Sciences'),
      ('Law'), ('Hospitality & Tourism'), ('Design & Arts'), ('Education'), ('Sciences')`);
    await c.query(
      `insert into universities (name, description, email, phone, fax, address, website)
       select 'Bench University ' || g, 'A university made up for the benchmark.',
              'info' || g || '@bench.example', '+603-8000 ' || lpad(g::text, 4, '0'),
              '+603-8001 ' || lpad(g::text, 4, '0'), g || ' Jalan Benchmark, 50000 Kuala Lumpur',
              'https://u' || g || '.bench.example'
       from generate_series(1, $1::int) g`,
      [universities],
    );
    await c.query(
      `insert into courses (name, description, level_id, category_id)
       select case when g % 2 = 0
                then (array['Bachelor of Mechanical', 'Bachelor of Civil', 'Master of Electrical',
                            'Diploma in Chemical', 'Bachelor of Software'])[1 + (g / 2) % 5]
                     || ' Engineering ' || g
                else (array['Bachelor of Business', 'Master of Data Science', 'Diploma in Hospitality',
                            'Bachelor of Laws', 'Foundation in Science'])[1 + (g / 2) % 5] || ' ' || g
              end,
              'A course made up for the benchmark.', 1 + g % 5, 1 + g % 9
       from generate_series(1, $1::int) g`,
      [courses],
    );
    await c.query(
      `insert into university_courses
         (university_id, course_id, duration, price, currency, required_language_id, required_score)
       select 1 + g % $2::int, 1 + g % $3::int, 12 + (g % 4) * 12, 10000 + (g % 1000) * 100,
              case when g % 10 < 7 then 0 else 1 + g % 3 end, (g % 3) - 1, case when g % 3 = 1 then 0 else 6 end
       from generate_series(1, $1::int) g`,
      [rows, universities, courses],
    );
    await c.query('commit');
    // A settled table, as autovacuum leaves it (hint bits set, visibility map for index-only scans).
    await c.query('vacuum analyze');
  });
}
