import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The browser suite's smoke subset (tests tagged @smoke, and e2e/cluster) against `npm run
// cluster`: two API processes behind nginx on the machine's PostgreSQL (a database of the
// cluster's own, made fresh) and Redis, the files in S3 (CLUSTER_S3: a local s3rver). `npm run test:e2e:cluster`; E2E_PORT is nginx's port.
const PORT = Number(process.env.E2E_PORT ?? 3600);
// The specs read E2E_PORT (e2e/support.ts: the origin of the language choice); workers inherit it.
process.env.E2E_PORT = String(PORT);
const API_PORT = PORT + 11;
const NODES = 2;
const nodeUrls = Array.from({ length: NODES }, (_, i) => `api${i + 1}=http://127.0.0.1:${API_PORT + i}`);
process.env.CLUSTER_NODE_URLS = nodeUrls.join(',');

export default defineConfig({
  ...base,
  grep: /@smoke/,
  // Two processes, nginx and the shared services on the same 2 cores: more time per test (the
  // student's ten-step wizard is test.slow(): 270 s here).
  timeout: 90_000,
  projects: [{ name: 'cluster' }],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: [
      'test -f apps/web/dist/index.html || npm run build -w apps/web',
      'test -f apps/api/dist/server.js || npm run build -w apps/api',
      'node --import tsx scripts/cluster/main.ts',
    ].join(' && '),
    url: `http://127.0.0.1:${PORT}/api/ready`,
    env: {
      CLUSTER_PORT: String(PORT),
      CLUSTER_API_PORT: String(API_PORT),
      CLUSTER_NODES: String(NODES),
      CLUSTER_FRESH: '1',
      // The files in S3-compatible storage (a local s3rver the launcher starts): what several
      // machines would share (README "Several processes").
      CLUSTER_S3: '1',
      LOG_LEVEL: 'warn',
      // Every e2e browser comes from 127.0.0.1 and signs in often: rate limits are API-tested.
      RATE_LIMIT_ANONYMOUS_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
    },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // The launcher stops nginx and the API processes on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
