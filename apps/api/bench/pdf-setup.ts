// The set-up the PDF benches share (`bench:pdf`, the application PDF; `bench:letter`, the offer
// letter): the database they run on, a fresh app with its own files folder, an admin and an
// agent, and one confirmed application of the agent's student with Cyrillic and Uzbek Latin
// (U+02BB) names, every step saved.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedReferenceData } from '../src/db/seed/index.js';
import { createTestApp, signInAs } from '../test/app.js';
import { buildSubmittedApplication } from '../test/application-forms/helpers.js';
import { client, seedCatalogue } from '../test/resources/helpers.js';

/**
 * BENCH_DATABASE_URL: a PostgreSQL server (a fresh database is created and dropped), or `pglite`
 * for the embedded one. Read before the app is made (the test app reads TEST_DB).
 */
export function benchDatabase(env = process.env): { url: string; label: string } {
  const url = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (url !== 'pglite') {
    env.TEST_DB = 'postgres';
    env.TEST_DATABASE_URL = url;
  }
  return { url, label: url === 'pglite' ? 'PGlite' : 'PostgreSQL' };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

type TTestApp = Awaited<ReturnType<typeof createTestApp>>;
export type TPdfBench = {
  t: TTestApp;
  admin: Awaited<ReturnType<typeof signInAs>>;
  agent: Awaited<ReturnType<typeof signInAs>>;
  /** The agent's student's one confirmed application. */
  studentCourseId: number;
};

/** Runs `work` on a fresh app with the shared application; closes it and removes its files after. */
export async function withPdfBench(name: string, work: (bench: TPdfBench) => Promise<void>) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-${name}-bench-`));
  const t = await createTestApp({ FILES_DIR: filesDir });
  try {
    await seedReferenceData(t.database.db);
    const admin = await signInAs(t, `bench.admin@${name}.test`, 'Admin');
    const agent = await signInAs(t, `bench.agent@${name}.test`, 'Agent');
    const cat = await seedCatalogue(client(t, admin), 'Bench');
    const built = await buildSubmittedApplication(t, client(t, agent), agent, {
      student: {
        firstName: 'Гулнора',
        middleName: 'Oʻtkirovna',
        lastName: 'Qoʻchqorova',
        email: 'g@bench.test',
      },
      guardian: { firstName: 'Шавкат', middleName: null, lastName: 'Gʻofurov' },
      exam: 'Oʻrta maktab bitiruv imtihoni',
      institution: 'Toshkent akademik litseyi',
      universityCourseIds: [cat.universityCourseId],
    });
    await work({ t, admin, agent, studentCourseId: built.studentCourseIds[0]! });
  } finally {
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}
