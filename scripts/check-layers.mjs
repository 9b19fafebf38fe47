#!/usr/bin/env node
// Layers import downwards only (DESIGN 7). Part of `npm run lint`: prints every import that reaches
// up to a higher layer as `file:line` and exits 1.
//
//   node scripts/check-layers.mjs [repo root]      (default: this script's repository)
//
// A tree's layers are listed bottom first; a file may import its own layer and those below it.
// Files outside the listed folders (apps/api/test, apps/web/src/test, locales, styles) are not
// layered. Test files inside a layer count like the rest of that layer; only test-only helpers
// (`*test-utils.*`, anything under a `test/`, `testing/` or `__tests__/` folder) may reach up, since
// they build the whole app around the part under test.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TREES = [
  {
    root: 'apps/api/src',
    layers: [
      ['config', ['config.ts', 'clock.ts']],
      ['db', ['db']],
      ['http', ['http']],
      ['resources', ['resources']],
      // Background work and operational settings: modules define job kinds and read settings.
      ['jobs', ['jobs', 'settings']],
      ['modules', ['modules']],
      ['app', ['app.ts', 'server.ts']],
    ],
  },
  {
    root: 'apps/web/src',
    layers: [
      ['lib', ['lib']],
      ['components', ['components']],
      ['features', ['features']],
      ['app', ['app', 'main.tsx']],
    ],
  },
];

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
// Static imports and re-exports (`from '…'`, also across lines), bare `import '…'` and `import('…')`.
const IMPORT = /\bfrom\s*(['"])([^'"\n]+)\1|\bimport\s*\(?\s*(['"])([^'"\n]+)\3/g;

const TEST_HELPER = /(^|[\\/])(test|testing|__tests__)[\\/]|(^|[-.\\/])test-utils?\.[^\\/]+$/;

const stripExtension = (name) => name.replace(/\.[^.]+$/, '');

/** The layer index of a path relative to the tree's root, or undefined when it is not layered. */
function layerOf(tree, relative) {
  const first = relative.split(/[\\/]/)[0];
  const index = tree.layers.findIndex(([, entries]) =>
    entries.some((entry) => entry === first || stripExtension(entry) === stripExtension(first)),
  );
  return index < 0 ? undefined : index;
}

function* sourceFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** Every upward import under `repoRoot`: `{ file, line, from, to, specifier }`. */
export function findViolations(repoRoot) {
  const violations = [];
  for (const tree of TREES) {
    const treeRoot = path.join(repoRoot, tree.root);
    for (const file of sourceFiles(treeRoot)) {
      const relative = path.relative(treeRoot, file);
      const from = layerOf(tree, relative);
      if (from === undefined || TEST_HELPER.test(relative)) continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[2] ?? match[4];
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(treeRoot, path.resolve(path.dirname(file), specifier));
        if (target.startsWith('..')) continue;
        const to = layerOf(tree, target);
        if (to === undefined || to <= from) continue;
        const line = text.slice(0, match.index).split('\n').length;
        violations.push({
          file: path.relative(repoRoot, file),
          line,
          from: tree.layers[from][0],
          to: tree.layers[to][0],
          specifier,
        });
      }
    }
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repoRoot = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const violations = findViolations(repoRoot);
  for (const v of violations) {
    console.error(
      `${v.file}:${v.line}: ${v.from} imports ${v.to} ('${v.specifier}'): layers import downwards only`,
    );
  }
  if (violations.length) {
    console.error(
      `check-layers: ${violations.length} upward import(s). Order: ${TREES.map((t) => t.layers.map(([n]) => n).join(' → ')).join('; ')}`,
    );
    process.exit(1);
  }
  console.log('check-layers: no upward imports');
}
