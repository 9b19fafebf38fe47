import { defineConfig } from '@playwright/test';
import { CLOCK_FILE, OWN_SERVER_PORTS, PORT, urlOf } from './e2e/servers';

// End-to-end tests against the real server (embedded PGlite, demo sign-in, demo data) serving the
// built SPA. `npm run test:e2e` builds the web app and the API first; Chromium is Debian's, never downloaded.
// E2E_PORT lets two runs on one machine stay apart (each gets its own servers and data directories).
/** The maintenance test whose records change what every applicant's wizard asks for. */
const DOCUMENT_TYPE_SCREEN = /Document Type Maintenance: create, find, edit and delete/;

/** One server's production start (the compiled API) on its own port and its own data directory. */
function server(port: number, env: Record<string, string> = {}) {
  const dataDir = `/tmp/uniapply-e2e-${port}`;
  return {
    port,
    remove: [dataDir, ...(env.TEST_CLOCK_FILE ? [env.TEST_CLOCK_FILE] : [])],
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every e2e browser comes from 127.0.0.1 and signs in often: rate limits are API-tested.
      RATE_LIMIT_ANONYMOUS_MAX: '100000',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
  };
}

/**
 * The four servers start together (e2e/start-servers.mjs), and the tests begin once all four
 * answer `/api/ready`: Playwright runs its `webServer` entries one after another.
 */
const SERVERS = [
  server(PORT),
  server(OWN_SERVER_PORTS.live),
  server(OWN_SERVER_PORTS['catalogue-wide']),
  server(OWN_SERVER_PORTS.clock, { TEST_CLOCK_FILE: CLOCK_FILE }),
];

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
  // The specs whose data would change what the others see run on servers of their own
  // (e2e/servers.ts), at the same time as the rest.
  projects: [
    // e2e/cluster runs against `npm run cluster` only (playwright.cluster.config.ts, tests tagged @smoke).
    {
      name: 'main',
      testIgnore: [/admin\/notifications\.spec\.ts$/, /student\/intake-deadline\.spec\.ts$/, /\/cluster\//],
      grepInvert: DOCUMENT_TYPE_SCREEN,
    },
    // (The collapsed menu's lit bell is named with its count, so axe passes on it whenever another
    // spec lights it: e2e/agent/status.spec.ts checks that on purpose.)
    {
      name: 'live',
      testMatch: /admin\/notifications\.spec\.ts$/,
      use: { baseURL: urlOf(OWN_SERVER_PORTS.live) },
    },
    {
      name: 'catalogue-wide',
      testMatch: /admin\/maintenance\.spec\.ts$/,
      grep: DOCUMENT_TYPE_SCREEN,
      use: { baseURL: urlOf(OWN_SERVER_PORTS['catalogue-wide']) },
    },
    {
      name: 'clock',
      testMatch: /student\/intake-deadline\.spec\.ts$/,
      use: { baseURL: urlOf(OWN_SERVER_PORTS.clock) },
    },
  ],
  use: {
    baseURL: urlOf(PORT),
    browserName: 'chromium',
    // A failed test keeps its trace: each action's DOM snapshot, network and console. Not its
    // screencast (trace screenshots): Chromium's compositor encoding a frame on every change was
    // about 10 % of the browser's CPU in a sample of specs (docs/performance.md, session 10).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      // Debian's Chromium as its headless shell (the package chromium-headless-shell, the same
      // source and version as /usr/bin/chromium; what Playwright itself runs headless): about a
      // sixth to a half of the full browser's CPU for the same specs, which decides this suite's time
      // (docs/decisions.md "The e2e suite runs Debian's Chromium headless shell"). E2E_CHROMIUM
      // names another build (for example /usr/bin/chromium to watch it with --headed).
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
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
      'node e2e/start-servers.mjs',
    ].join(' && '),
    env: { E2E_SERVERS: JSON.stringify(SERVERS) },
    wait: { stdout: /e2e servers ready/ },
    // The four starts' budget (180 s each when they ran one after another): on a loaded machine
    // four starting at once each take longer than one alone.
    timeout: 4 * 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
