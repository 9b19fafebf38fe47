// The API for the notification bench, in its own process (as in production) so the measuring
// client does not share its event loop. Started by notification-bench.ts over IPC: it signs in an
// admin and a student, saves the student's whole application (through the API), reports the
// cookies, the profile and the university courses to choose, then waits for 'stop'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { universityCourses, users } from '../src/db/schema/index.js';
import { seedReferenceData } from '../src/db/seed/index.js';
import { sessionCookieName } from '../src/http/session.js';
import { createSession } from '../src/http/session-store.js';
import type { TestApp } from '../test/app.js';
import { completeApplication as completeApplicationOf } from '../test/application-wizard/complete.js';
import { client } from '../test/resources/helpers.js';

export type TNotificationReady = {
  port: number;
  adminCookie: string;
  studentCookie: string;
  studentId: number;
  courseIds: number[];
};

const url = process.env.BENCH_DB_URL!;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-bench-files-'));
const database = await openDatabase({ url, poolSize: 10 });
await seedReferenceData(database.db);
const config = readConfig({
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  SEED_DEMO: 'false',
  FILES_DIR: filesDir,
  RATE_LIMIT_MAX: '1000000000',
  RATE_LIMIT_ANONYMOUS_MAX: '1000000000',
  ...(process.env.BENCH_REDIS_URL
    ? { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_HUB_CHANNEL: `uniapply-hub-bench-${process.pid}` }
    : {}),
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;

const [admin, student] = await database.db
  .insert(users)
  .values(
    (['Admin', 'Student'] as const).map((role) => ({
      issuer: 'bench',
      subject: `${role.toLowerCase()}@bench.local`,
      email: `${role.toLowerCase()}@bench.local`,
      firstName: 'Bench',
      lastName: role,
      role,
    })),
  )
  .returning({ id: users.id });
const name = sessionCookieName(config.secureCookies);
const cookieOf = async (userId: number) =>
  `${name}=${await createSession(database.db, userId, config.session)}`;
const adminCookie = await cookieOf(admin!.id);
const studentCookie = await cookieOf(student!.id);
const courseIds = (
  await database.db
    .select({ id: universityCourses.id })
    .from(universityCourses)
    .orderBy(sql`random()`)
    .limit(Number(process.env.BENCH_COURSES ?? 300))
).map((r) => r.id);
const t = { app, database, baseUrl: `http://127.0.0.1:${port}`, close: async () => {} } as TestApp;
const who = { headers: { cookie: studentCookie } };
const studentId = await completeApplicationOf(t, client(t, who), who, 'Bench', [courseIds[0]!]);

process.send!({ port, adminCookie, studentCookie, studentId, courseIds } satisfies TNotificationReady);
process.on('message', async (msg) => {
  if (msg !== 'stop') return;
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
  process.exit(0);
});
