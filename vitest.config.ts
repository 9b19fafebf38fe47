import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const API_ROOT = path.join(import.meta.dirname, 'apps/api');
/** The first line of an API test file that runs on PostgreSQL as well as PGlite (with the reason). */
const BOTH_DATABASES = /^\/\/ @both-databases\b/;
/** A test that asks for PostgreSQL (`testDbKind() === 'postgres'`, `TEST_DB !== 'postgres'`, ...). */
const POSTGRES_ONLY = /[!=]==\s*'postgres'/;

/**
 * API test files run on PGlite only, unless their first line is `// @both-databases: <why>`: files
 * that test what the two databases treat differently (locking and concurrency, triggers, pools and
 * outages, two processes on one database, SQL plans, dumps). A new file runs on one database.
 */
function bothDatabaseFiles(): string[] {
  const files = ['src', 'test']
    .flatMap((dir) =>
      readdirSync(path.join(API_ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) =>
        path.join(dir, f),
      ),
    )
    .filter((f) => f.endsWith('.test.ts') && !f.startsWith(path.join('test', 'drills')))
    .map((f) => ({ f, text: readFileSync(path.join(API_ROOT, f), 'utf8') }));
  // A file with PostgreSQL-only tests but no marker would never run them: stop and say so instead.
  const unmarked = files.filter(({ text }) => !BOTH_DATABASES.test(text) && POSTGRES_ONLY.test(text));
  if (unmarked.length)
    throw new Error(
      `PostgreSQL-only tests in a file whose first line is not '// @both-databases: <why>': ${unmarked.map(({ f }) => `apps/api/${f}`).join(', ')}`,
    );
  return files
    .filter(({ text }) => BOTH_DATABASES.test(text))
    .map(({ f }) => f)
    .sort();
}

const apiProject = (name: string, env: Record<string, string>, include: string[], isolate: boolean) => ({
  test: {
    name,
    root: './apps/api',
    include,
    // The fault drills run once, in their own project below.
    exclude: ['test/drills/**'],
    environment: 'node',
    env,
    // PGlite: one migrated database dumped per run, which each file's fresh database loads.
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup-file.ts'],
    isolate,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// API integration tests always run on PGlite; the files marked `@both-databases` also on PostgreSQL
// when TEST_DATABASE_URL is set.
const projects: object[] = [
  { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
  // One module graph per worker, not per file: the app's modules (Fastify, the schema, zod, the PDF
  // code) are evaluated once per worker instead of once per file (about 2.3 s of CPU a file:
  // docs/performance.md "Lane vitest19"). Each file still opens its own fresh database and builds
  // its own app; test/setup-file.ts resets the one module-level setting an app changes
  // (docs/decisions.md "Lane vitest19").
  apiProject('api-pglite', { TEST_DB: 'pglite' }, ['src/**/*.test.ts', 'test/**/*.test.ts'], false),
  { test: { name: 'scripts', root: './scripts', include: ['*.test.mjs'], environment: 'node' } },
];
if (process.env.TEST_DATABASE_URL)
  // Each file in a process of its own on PostgreSQL: test/application-wizard/one-query-at-a-time
  // expects pg's deprecation warning, which pg prints once per process.
  projects.push(apiProject('api-postgres', { TEST_DB: 'postgres' }, bothDatabaseFiles(), true));
// Drills and the cluster's proofs: real processes behind nginx on a private PostgreSQL and Redis
// the tests start themselves. Run once: `npm run test:drills` (DRILLS=1). Two files at a time (the
// run's two workers): each file has ports of its own (test/drills/ports.ts) and most of a drill is
// waiting through its fault (110 s instead of 200 s, 2026-11-27). Their time limits are the
// product's, so nothing else may load the machine meanwhile (beside the cluster's e2e run they
// missed them at load 28); DRILLS_ONE_AT_A_TIME=1 runs them one by one.
if (process.env.DRILLS === '1')
  projects.push({
    test: {
      name: 'drills',
      root: './apps/api',
      include: ['test/drills/**/*.test.ts'],
      environment: 'node',
      fileParallelism: process.env.DRILLS_ONE_AT_A_TIME !== '1',
      testTimeout: 180_000,
      hookTimeout: 240_000,
    },
  });
projects.push('./apps/web/vitest.config.ts');

// Two test files at a time (vitest's default is one fewer than the cores: one on this 2-core
// machine); most API test time is waiting on databases, sockets and time limits.
export default defineConfig({ test: { maxWorkers: 2, projects: projects as never } });
