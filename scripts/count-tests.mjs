#!/usr/bin/env node
// The count of declared test cases: each `it`/`test` (vitest) and each Playwright `test`, counted
// once however often it runs (on two databases, per `.each` row, per project). Issue 19 item 6:
// a change that speeds the suite up must not lower it.
//
//   node scripts/count-tests.mjs [repo root]        prints "<total> declared test cases" and a line per kind
//   node scripts/count-tests.mjs --json [repo root]
//
// Read from the sources with a regular expression: a call of `it` or `test` (with modifiers such
// as `.skip`, `.only`, `.skipIf(…)`, `.concurrent`, `.fails`, `.todo`, `.fixme`) whose first argument
// is a string, and each `it.each`/`test.each` once. `test.describe`, `test.step`, hooks and
// `test.slow()` are not cases.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST_FILE = /\.(test|spec)\.(ts|tsx|mts|js|mjs)$/;
const MODIFIER = String.raw`(?:\.(?:skip|only|concurrent|sequential|fails|todo|fixme|fail|slow)|\.(?:skipIf|runIf)\((?:[^()]|\([^()]*\))*\))*`;
const CASE = new RegExp(String.raw`(?<![\w.$])(?:it|test)${MODIFIER}\s*\(\s*['"\`]`, 'g');
const EACH = /(?<![\w.$])(?:it|test)(?:\.(?:skip|only|concurrent))*\.each\b/g;

/** Every test file under `dir` (node_modules, dist and dot-folders skipped). */
function testFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) testFiles(full, out);
    else if (TEST_FILE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Declared cases in one file's text. */
export function countCases(text) {
  // Comments out (a commented-out test is no test); strings stay, since names are strings.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return (code.match(CASE)?.length ?? 0) + (code.match(EACH)?.length ?? 0);
}

/** Declared cases per kind: Playwright specs (e2e/), and vitest files by folder. */
export function countTests(root) {
  const kinds = {};
  for (const file of testFiles(root)) {
    const rel = path.relative(root, file);
    const kind = rel.startsWith('e2e/')
      ? 'playwright (e2e)'
      : rel.startsWith('apps/api/')
        ? 'vitest api'
        : rel.startsWith('apps/web/')
          ? 'vitest web'
          : 'vitest other (shared, scripts)';
    kinds[kind] = (kinds[kind] ?? 0) + countCases(readFileSync(file, 'utf8'));
  }
  const total = Object.values(kinds).reduce((a, b) => a + b, 0);
  return { total, kinds };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const root = path.resolve(args.find((a) => a !== '--json') ?? path.join(import.meta.dirname, '..'));
  const counted = countTests(root);
  if (json) console.log(JSON.stringify(counted));
  else {
    console.log(`${counted.total} declared test cases`);
    for (const [kind, n] of Object.entries(counted.kinds).sort()) console.log(`  ${kind}: ${n}`);
  }
}
