// `npm run lighthouse`: builds the web app when needed, starts the real server on a fresh embedded
// database, runs Lighthouse (mobile form factor, Debian's Chromium) against `/` and prints the scores.
// Reports go to artifacts/lighthouse/. Usage: npm run lighthouse [-- /path ...]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const dataDir = `/tmp/uniapply-lighthouse-${port}`;
const outDir = path.join(root, 'artifacts/lighthouse');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 180; i++) {
    if (server.exitCode !== null) throw new Error('The server stopped before it was ready');
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not become ready');
}

let chrome;
let failed = false;
try {
  await waitForServer();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  mkdirSync(outDir, { recursive: true });
  // A first visit warms the server (PGlite, lazy routes) so the measured run sees steady state,
  // and a first page load in this Chrome warms the browser: a fresh Chrome's first navigation
  // could end in a Lighthouse runtime error (NO_FCP and the like), once printed as performance
  // 0.00 with no metrics. The warm-up's result is not reported.
  await fetch(base);
  await lighthouse(
    `${base}${paths[0]}`,
    { port: chrome.port, logLevel: 'error', formFactor: 'mobile', onlyAudits: ['first-contentful-paint'] },
    undefined,
  );
  for (const pagePath of paths) {
    // A run Lighthouse could not finish (runtimeError) has no figures: said so and tried once more,
    // never printed as a score of 0.
    let result;
    for (let attempt = 1; attempt <= 2; attempt++) {
      result = await lighthouse(
        `${base}${pagePath}`,
        { port: chrome.port, output: ['html', 'json'], logLevel: 'error', formFactor: 'mobile' },
        undefined,
      );
      const error = result?.lhr.runtimeError;
      if (!error) break;
      console.error(
        `Lighthouse could not measure ${pagePath} (attempt ${attempt}): ${error.code} ${error.message}`,
      );
      if (attempt === 2) throw new Error(`No Lighthouse figures for ${pagePath}`);
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
    const { lhr, report } = result;
    const name = pagePath === '/' ? 'landing' : pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    writeFileSync(path.join(outDir, `${name}.html`), report[0]);
    writeFileSync(path.join(outDir, `${name}.json`), report[1]);
    const score = (id) => (lhr.categories[id]?.score ?? 0).toFixed(2);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
    console.log(`\nLighthouse (mobile) ${pagePath}`);
    for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
      console.log(`  ${lhr.categories[id]?.title.padEnd(16)} ${score(id)}`);
    }
    console.log(
      `  FCP ${metric('first-contentful-paint')} · LCP ${metric('largest-contentful-paint')} · TBT ${metric('total-blocking-time')} · CLS ${metric('cumulative-layout-shift')} · SI ${metric('speed-index')}`,
    );
    const failedA11y = Object.values(lhr.audits).filter(
      (a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
    );
    for (const audit of failedA11y) console.log(`  accessibility: ${audit.id} — ${audit.title}`);
  }
  console.log(`\nReports: ${path.relative(root, outDir)}/`);
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
}
process.exitCode = failed ? 1 : 0;
