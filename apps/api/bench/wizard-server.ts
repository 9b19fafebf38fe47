// The API for the wizard bench, in its own process (as in production) so the load generator does
// not share its event loop. Started by wizard-bench.ts over IPC: it creates BENCH_STUDENTS student
// accounts, each signed in with a profile, reports their cookies and profile ids, then waits for 'stop'.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { universityCourses, users } from '../src/db/schema/index.js';
import { sessionCookieName } from '../src/http/session.js';
import { createSession } from '../src/http/session-store.js';
import { personal, type TWizardReady } from './wizard-bodies.js';

const url = process.env.BENCH_DB_URL!;
const count = Number(process.env.BENCH_STUDENTS);
const database = await openDatabase({ url, poolSize: Number(process.env.BENCH_API_POOL ?? 10) });
const config = readConfig({
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  SEED_DEMO: 'false',
  RATE_LIMIT_MAX: process.env.BENCH_RATE_LIMIT!,
  RATE_LIMIT_ANONYMOUS_MAX: process.env.BENCH_RATE_LIMIT!,
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;

const created = await database.db
  .insert(users)
  .values(
    Array.from({ length: count }, (_, i) => ({
      issuer: 'bench',
      subject: `student${i}@bench.local`,
      email: `student${i}@bench.local`,
      firstName: 'Bench',
      lastName: `Student ${i}`,
      role: 'Student',
    })),
  )
  .returning({ id: users.id });
const name = sessionCookieName(config.secureCookies);
const students: TWizardReady['students'] = [];
for (const [i, user] of created.entries()) {
  const cookie = `${name}=${await createSession(database.db, user.id, config.session)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/StudentInfo/CreateOrUpdate?studentId=0&stage=2',
    headers: { cookie, 'content-type': 'application/json' },
    payload: personal(i),
  });
  if (res.statusCode !== 200) throw new Error(`profile ${i}: ${res.statusCode} ${res.body}`);
  students.push({ cookie, studentId: (JSON.parse(res.body) as { id: number }).id });
}
const courseIds = (
  await database.db
    .select({ id: universityCourses.id })
    .from(universityCourses)
    .orderBy(sql`random()`)
    .limit(20)
).map((r) => r.id);

process.send!({ port, students, courseIds } satisfies TWizardReady);
process.on('message', async (msg) => {
  if (msg !== 'stop') return;
  await app.close();
  await database.close();
  process.exit(0);
});
