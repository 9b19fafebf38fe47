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
// Fault drills (issue 11 item 3): private PostgreSQL and Redis servers on the drills' own ports,
// broken under a fixed load. One file at a time: they time recoveries, and the machine has 2 cores.
projects.push({
  test: {
    name: 'drills',
    root: './apps/api',
    include: ['test/drills/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
projects.push('./apps/web/vitest.config.ts');

export default defineConfig({ test: { projects: projects as never } });
