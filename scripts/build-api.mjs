// `npm run build -w apps/api`: the API compiled to JavaScript in apps/api/dist, run with plain
// `node apps/api/dist/server.js` (no tsx, no TypeScript compiler at run time).
// - apps/api/src → apps/api/dist with the same layout, so every path the code derives from its own
//   place (../../web/dist, ../../../data, db/migrations) resolves alike from src and from dist;
// - packages/shared, compiled, as dist/node_modules/@uniapply/shared: Node resolves the bare import
//   from dist to it before the workspace link (whose exports point at TypeScript sources);
// - the migrations folder (SQL and drizzle's journal) copied beside the compiled db client.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
const dist = path.join(api, 'dist');
const sharedOut = path.join(dist, 'node_modules/@uniapply/shared');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** tsc with these arguments; its errors are already printed, so a failure just stops the build. */
function tscRun(...args) {
  try {
    execFileSync(process.execPath, [tsc, ...args], { stdio: 'inherit' });
  } catch {
    console.error(`API build failed: tsc ${args.join(' ')}`);
    process.exit(1);
  }
}

const started = Date.now();
fs.rmSync(dist, { recursive: true, force: true });
tscRun('-p', path.join(api, 'tsconfig.build.json'), '--noCheck');
tscRun('-p', path.join(root, 'packages/shared/tsconfig.build.json'), '--noCheck', '--outDir', sharedOut);
const sharedPackage = JSON.parse(fs.readFileSync(path.join(root, 'packages/shared/package.json'), 'utf8'));
fs.writeFileSync(
  path.join(sharedOut, 'package.json'),
  `${JSON.stringify({ name: sharedPackage.name, private: true, type: 'module', exports: { '.': './index.js' } }, null, 2)}\n`,
);
fs.cpSync(path.join(api, 'src/db/migrations'), path.join(dist, 'db/migrations'), { recursive: true });
console.log(
  `API built in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.relative(root, dist)}/server.js`,
);
