import { defineConfig } from 'vitest/config';

const apiProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault drills run once, in their own project below.
    exclude: ['test/drills/**'],
    environment: 'node',
    env,
    // PGlite: one migrated database dumped per run, which each file's fresh database loads.
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// API integration tests always run on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.
const projects: object[] = [
  { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
  apiProject('api-pglite', { TEST_DB: 'pglite' }),
  { test: { name: 'scripts', root: './scripts', include: ['*.test.mjs'], environment: 'node' } },
];
if (process.env.TEST_DATABASE_URL) projects.push(apiProject('api-postgres', { TEST_DB: 'postgres' }));
// Drills and the cluster's proofs: real processes behind nginx on a private PostgreSQL and Redis
// the tests start themselves. Run once, one file at a time: `npm run test:drills` (DRILLS=1).
if (process.env.DRILLS === '1')
  projects.push({
    test: {
      name: 'drills',
      root: './apps/api',
      include: ['test/drills/**/*.test.ts'],
      environment: 'node',
      fileParallelism: false,
      testTimeout: 180_000,
      hookTimeout: 240_000,
    },
  });
projects.push('./apps/web/vitest.config.ts');

export default defineConfig({ test: { projects: projects as never } });
