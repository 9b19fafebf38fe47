import { defineConfig } from '@playwright/test';

// End-to-end tests against the real server (embedded PGlite, demo sign-in, demo data) serving the
// built SPA. `npm run test:e2e` builds the web app and the API first; Chromium is Debian's, never downloaded.
// E2E_PORT lets two runs on one machine stay apart (each gets its own server and data directory).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = `/tmp/uniapply-e2e-${PORT}`;
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The maintenance test whose records change what every applicant's wizard asks for. */
const DOCUMENT_TYPE_SCREEN = /Document Type Maintenance: create, find, edit and delete/;

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // The live Notification spec counts the admins' unread notifications and watches the bell clear:
  // another spec's confirm meanwhile would light it again. It runs alone, after the others.
  // (The collapsed menu's lit bell is named with its count, so axe passes on it whenever another
  // spec lights it: e2e/agent/status.spec.ts checks that on purpose.)
  projects: [
    // e2e/cluster runs against `npm run cluster` only (playwright.cluster.config.ts, tests tagged @smoke).
    {
      name: 'main',
      testIgnore: [/admin\/notifications\.spec\.ts$/, /\/cluster\//],
      grepInvert: DOCUMENT_TYPE_SCREEN,
    },
    { name: 'live', testMatch: /admin\/notifications\.spec\.ts$/, dependencies: ['main'] },
    // Last and alone: a document type added by the admin is a required upload for every applicant
    // while it exists, so the wizard specs running beside it would find a fourth slot to fill (seen
    // in CI when its delete failed: three specs failed on the documents step).
    {
      name: 'catalogue-wide',
      testMatch: /admin\/maintenance\.spec\.ts$/,
      grep: DOCUMENT_TYPE_SCREEN,
      dependencies: ['live'],
    },
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: [
      'test -f apps/web/dist/index.html || npm run build -w apps/web',
      'test -f apps/api/dist/server.js || npm run build -w apps/api',
      `rm -rf ${DATA_DIR}`,
      // The production start: the compiled API (`npm run test:e2e` builds it afresh).
      'node apps/api/dist/server.js',
    ].join(' && '),
    url: `${BASE_URL}/api/ready`,
    env: {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every e2e browser comes from 127.0.0.1 and signs in often: rate limits are API-tested.
      RATE_LIMIT_ANONYMOUS_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
