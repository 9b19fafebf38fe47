import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTooOld } from '../../src/node-version.js';
import { sampleInput } from '../application-forms/sample-input.js';
import { testDbKind } from '../db.js';
import { type ServerProcess, startServer, waitUntilReady } from './server-process.js';

// Issue 11 item 4: the production start is the compiled API, `node apps/api/dist/server.js`, with
// no tsx and no TypeScript compiler at run time. The build is made here when the sources are newer
// than it (`npm test` builds it first, so this is usually a check of that build).

const root = path.resolve(import.meta.dirname, '../../../..');
const dist = path.join(root, 'apps/api/dist');
const run = promisify(execFile);
/**
 * The bound on the first start's resident memory at idle, in MB (measured: README "Memory"): Node 20
 * read 242-260 MB; Node 24 371-655 MB, its allocator keeping part of initdb's peak in the thread.
 */
const FIRST_START_MB = Number(process.versions.node.split('.')[0]) >= 22 ? 800 : 350;

/**
 * A node older than the portal supports, to start the build with: the machine's own (this machine
 * kind ships Node 20; npm scripts run the Node 24 of node_modules/.bin instead). None: skipped.
 */
const OLD_NODE = (() => {
  const candidate = process.env.OLD_NODE ?? '/usr/bin/node';
  if (!fs.existsSync(candidate)) return null;
  const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
  return nodeTooOld(version) ? candidate : null;
})();

/** Newest modification time of the files under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Every file of the build, relative to dist. */
const distFiles = () =>
  fs
    .readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)));

describe.skipIf(testDbKind() !== 'pglite')('the compiled API (apps/api/dist)', () => {
  let dataDir = '';
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    const sources = Math.max(
      newest(path.join(root, 'apps/api/src')),
      newest(path.join(root, 'packages/shared/src')),
      fs.statSync(path.join(root, 'scripts/build-api.mjs')).mtimeMs,
    );
    const server = path.join(dist, 'server.js');
    if (!fs.existsSync(server) || fs.statSync(server).mtimeMs < sources) {
      await run(process.execPath, [path.join(root, 'scripts/build-api.mjs')], {
        cwd: root,
        timeout: 170_000,
      });
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-dist-'));
  }, 180_000);

  afterAll(() => {
    for (const s of started)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds JavaScript only: no TypeScript file, no import of tsx or typescript, migrations beside the db client', () => {
    const files = distFiles();
    expect(files).toContain('server.js');
    expect(files).toContain('modules/application-forms/pdf-worker.js');
    expect(files).toContain('node_modules/@uniapply/shared/index.js');
    expect(files).toContain('db/migrations/meta/_journal.json');
    expect(files.filter((f) => /\.(c|m)?tsx?$/.test(f))).toEqual([]);
    const loaders = /(from\s*|import\s*\(\s*|require\s*\(\s*)['"](tsx|typescript)(\/[^'"]*)?['"]/;
    const tsSpecifier = /(from\s*|import\s*\(\s*)['"][^'"]+\.tsx?['"]/;
    const offenders = files
      .filter((f) => /\.(c|m)?js$/.test(f))
      .filter((f) => {
        const text = fs.readFileSync(path.join(dist, f), 'utf8');
        return loaders.test(text) || tsSpecifier.test(text);
      });
    expect(offenders).toEqual([]);
  });

  it.skipIf(!OLD_NODE)('stops at once with a clear message on a Node older than 22.12', async () => {
    const failed = await run(OLD_NODE!, [path.join(dist, 'server.js')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0' },
      timeout: 20_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      /^UniApply needs Node\.js 22\.12 or later \(24 recommended\); this is Node \d+\./,
    );
    expect(failed.stderr).toContain('npm start');
    // Nothing was started: no data directory was made.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('starts with plain node on the embedded database and answers /api/ready', {
    timeout: 120_000,
  }, async () => {
    const server = startServer({ DATA_DIR: dataDir }, { compiled: true });
    started.push(server);
    const port = await waitUntilReady(server, 100_000);
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    // Resident memory at idle after the first start on an empty data directory (README "Memory").
    // PGlite's initdb, the migrations and the seed run in a worker thread whose WebAssembly memory
    // goes when it ends (db/client.ts); before, in the same process, 254-690 MB on Node 20 and
    // 795-819 MB on Node 24. Every later start: 162-181 MB.
    // Read once the resident size has settled (two readings 200 ms apart within 2 MB).
    const residentKb = () =>
      Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]);
    let previous = residentKb();
    await expect
      .poll(
        () => {
          const now = residentKb();
          const change = Math.abs(now - previous);
          previous = now;
          return change;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBeLessThan(2048);
    const rss = residentKb();
    console.log(`compiled API on PGlite, first start: ${(rss / 1024).toFixed(0)} MB resident`);
    expect(rss / 1024).toBeLessThan(FIRST_START_MB);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/tsx|ERR_/);
  });

  it('renders an application PDF in the compiled worker thread, from a plain node process', {
    timeout: 60_000,
  }, async () => {
    const input = sampleInput();
    const payload = JSON.stringify({ ...input, photo: Buffer.from(input.photo!).toString('base64') });
    const pool = path.join(dist, 'modules/application-forms/pdf-pool.js');
    const script = `
      import { PdfPool } from ${JSON.stringify(pool)};
      let text = '';
      for await (const chunk of process.stdin) text += chunk;
      const input = JSON.parse(text);
      input.photo = new Uint8Array(Buffer.from(input.photo, 'base64'));
      const pool = new PdfPool({ size: 1, queueWaitMs: 1000 });
      const pdf = await pool.render(input);
      await pool.close();
      console.log(JSON.stringify({ head: Buffer.from(pdf.subarray(0, 5)).toString('latin1'), bytes: pdf.length }));
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.stdin.end(payload);
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code, err).toBe(0);
    const result = JSON.parse(out) as { head: string; bytes: number };
    expect(result.head).toBe('%PDF-');
    expect(result.bytes).toBeGreaterThan(10_000);
  });
});
