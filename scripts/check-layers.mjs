#!/usr/bin/env node
// Boundaries a check enforces (DESIGN 7; issue 19 item 2). Part of `npm run lint`: prints every
// import that crosses a boundary as `file:line` and exits 1. The boundaries:
// - layers import downwards only (TREES);
// - an API module imports only the modules declared below it (API_MODULES, bottom first);
// - a web feature imports another feature only through its public entry (`features/<name>/index.ts`
//   or the folder itself); the imports found before this rule wait in FEATURE_IMPORTS_TO_MOVE;
// - product code never imports test code (`testing/`, `test/`, `__tests__/`, `*test-utils*`,
//   `test-fixtures`); test files and test helpers may;
// - a web query key is written only in its area's API module (`features/<area>/api.ts` or
//   `…-api.ts`, or lib/ for the resources' keys): anywhere else a `queryKey: [` array is reported
//   (issue 19 item 3, one API module per web area owns its query keys).
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
      ['i18n', ['i18n']],
      ['db', ['db']],
      ['http', ['http']],
      // The file storage drivers (local, S3, Google Drive) and the upload spool: the app, the PDF
      // and the backup scripts use them; they know no module.
      ['storage', ['storage']],
      // Notifying an account (the stored notifications of students and agents): the module that
      // makes a change writes them and the notifications module reads them, neither through the other.
      ['notify', ['notify']],
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

/** The API's modules, bottom first: each may import only those before it (the order is declared here once). */
export const API_MODULES = [
  'auth',
  // Mail imports no other module; an admin's delete of a student (users) erases their mails.
  'mail',
  'users',
  'contact',
  'admin',
  'settings',
  // Intakes' availability (issue 21): reads the catalogue, the applications and the settings.
  'intakes',
  'notifications',
  // Reminders write stored notifications and queue mails (mail); the job reads the wizard's tables itself.
  'reminders',
  'documents',
  // Issue 22: the offer records and their rules (callers check the application's scope first).
  'offers',
  'application-status',
  // The offer letter (templates, PDF, download) and the lapse job sit on the pipeline's scope and moves.
  'offer-letters',
  'offer-lapse',
  'application-wizard',
  'application-forms',
];

/**
 * Web imports of another feature's internals that were there when the rule came (issue 19 item 2):
 * `file -> specifier`. Each should become an import of the feature's public entry; the check
 * fails on any new one, and on an entry here that no longer exists (so the list only shrinks).
 * Empty since issue 19's moves: every feature imports another through its public entry.
 */
export const FEATURE_IMPORTS_TO_MOVE = [];

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
// Static imports and re-exports (`from '…'`, also across lines), bare `import '…'` and `import('…')`.
const IMPORT = /\bfrom\s*(['"])([^'"\n]+)\1|\bimport\s*\(?\s*(['"])([^'"\n]+)\3/g;

const TEST_HELPER = /(^|[\\/])(test|testing|__tests__)[\\/]|(^|[-.\\/])test-utils?\.[^\\/]+$/;
const TEST_FILE = /\.(test|spec)\.[^\\/]+$/;
/** A path or package specifier that is test code. */
const TEST_CODE =
  /(^|[\\/])(test|testing|__tests__)([\\/]|$)|(^|[-.\\/])test-utils?(\.[^\\/]+)?$|test-fixtures/;

const stripExtension = (name) => name.replace(/\.[^.]+$/, '');

/** A query key written in place: `queryKey: [` (also `queryKey:[`, across a line break). */
const QUERY_KEY_ARRAY = /\bqueryKey\s*:\s*\[/g;
/** Where a web query key may be written: an area's API module, or lib/ (the resources' keys). */
const isKeyOwner = (relative) => /^lib[\\/]/.test(relative) || /(^|[\\/-])api\.[jt]sx?$/.test(relative);

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

/** `modules/<name>/…` → name (API tree), `features/<name>/…` → name (web tree); else undefined. */
const folderIn = (relative, folder) => {
  const parts = relative.split(/[\\/]/);
  return parts[0] === folder && parts.length > 1 ? parts[1] : undefined;
};

/** The feature's public entry: the folder itself or its index file. */
const isFeatureEntry = (relative) => /^features[\\/][^\\/]+([\\/]index(\.[jt]sx?)?)?$/.test(relative);

/**
 * Every boundary crossed under `repoRoot`: `{ file, line, kind, message }` (kind: 'layer',
 * 'module', 'undeclared-module', 'feature', 'testing', 'query-key'); `known`: the FEATURE_IMPORTS_TO_MOVE still
 * found (they do not count as violations).
 */
export function checkBoundaries(repoRoot, { featureImportsToMove = FEATURE_IMPORTS_TO_MOVE } = {}) {
  const violations = [];
  const knownLeft = new Set(featureImportsToMove);
  const known = [];
  for (const tree of TREES) {
    const treeRoot = path.join(repoRoot, tree.root);
    const undeclared = new Set();
    for (const file of sourceFiles(treeRoot)) {
      const relative = path.relative(treeRoot, file);
      const from = layerOf(tree, relative);
      if (TEST_HELPER.test(relative)) continue;
      const product = !TEST_FILE.test(relative);
      const module = tree.root === 'apps/api/src' ? folderIn(relative, 'modules') : undefined;
      const feature = tree.root === 'apps/web/src' ? folderIn(relative, 'features') : undefined;
      if (module && !API_MODULES.includes(module)) undeclared.add(module);
      const text = readFileSync(file, 'utf8');
      if (tree.root === 'apps/web/src' && product && !isKeyOwner(relative)) {
        for (const match of text.matchAll(QUERY_KEY_ARRAY)) {
          violations.push({
            file: path.relative(repoRoot, file),
            line: text.slice(0, match.index).split('\n').length,
            kind: 'query-key',
            message:
              "a query key written in place ('queryKey: ['): take it from the area's API module (features/<area>/api.ts, its <area>Keys)",
          });
        }
      }
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[2] ?? match[4];
        const at = {
          file: path.relative(repoRoot, file),
          line: text.slice(0, match.index).split('\n').length,
        };
        const relativeSpecifier = specifier.startsWith('.');
        const resolved = relativeSpecifier ? path.resolve(path.dirname(file), specifier) : undefined;
        // Product code never imports test code, wherever it lives.
        const testCode = resolved
          ? TEST_CODE.test(path.relative(repoRoot, resolved))
          : TEST_CODE.test(specifier);
        if (product && testCode) {
          violations.push({
            ...at,
            kind: 'testing',
            message: `product code imports test code ('${specifier}'): only tests and test helpers may`,
          });
          continue;
        }
        if (!resolved) continue;
        const target = path.relative(treeRoot, resolved);
        if (target.startsWith('..')) continue;
        const to = layerOf(tree, target);
        if (from !== undefined && to !== undefined && to > from) {
          violations.push({
            ...at,
            kind: 'layer',
            message: `${tree.layers[from][0]} imports ${tree.layers[to][0]} ('${specifier}'): layers import downwards only`,
          });
          continue;
        }
        const toModule = module && folderIn(target, 'modules');
        if (toModule && toModule !== module && API_MODULES.includes(module)) {
          const mine = API_MODULES.indexOf(module);
          const theirs = API_MODULES.indexOf(toModule);
          if (theirs < 0 || theirs > mine) {
            violations.push({
              ...at,
              kind: 'module',
              message: `module ${module} imports module ${toModule} ('${specifier}'): a module imports only those below it (API_MODULES)`,
            });
          }
          continue;
        }
        const toFeature = feature && folderIn(target, 'features');
        if (toFeature && toFeature !== feature && !isFeatureEntry(stripExtension(target))) {
          const key = `${at.file} -> ${specifier}`;
          if (knownLeft.has(key)) {
            knownLeft.delete(key);
            known.push(key);
            continue;
          }
          violations.push({
            ...at,
            kind: 'feature',
            message: `feature ${feature} imports feature ${toFeature}'s internals ('${specifier}'): import its public entry (features/${toFeature}/index.ts)`,
          });
        }
      }
    }
    for (const name of undeclared) {
      violations.push({
        file: `${tree.root}/modules/${name}`,
        line: 0,
        kind: 'undeclared-module',
        message: `module ${name} is not in API_MODULES (scripts/check-layers.mjs): declare where it sits`,
      });
    }
  }
  // An entry of the list that is gone: take it off, so the list only shrinks.
  for (const key of knownLeft) {
    violations.push({
      file: 'scripts/check-layers.mjs',
      line: 0,
      kind: 'feature',
      message: `FEATURE_IMPORTS_TO_MOVE lists '${key}', which is no longer there: remove it from the list`,
    });
  }
  return { violations, known };
}

/** Every crossed boundary under `repoRoot` (see checkBoundaries). */
export function findViolations(repoRoot) {
  return checkBoundaries(repoRoot).violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repoRoot = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  // A fixture tree (the script's test) has no list of known imports of its own.
  const own = path.resolve(path.join(path.dirname(fileURLToPath(import.meta.url)), '..')) === repoRoot;
  const { violations, known } = checkBoundaries(repoRoot, own ? {} : { featureImportsToMove: [] });
  for (const v of violations) console.error(`${v.file}${v.line ? `:${v.line}` : ''}: ${v.message}`);
  if (violations.length) {
    console.error(
      `check-layers: ${violations.length} boundary violation(s). Layers: ${TREES.map((t) => t.layers.map(([n]) => n).join(' → ')).join('; ')}. API modules: ${API_MODULES.join(' → ')}`,
    );
    process.exit(1);
  }
  console.log(
    `check-layers: no boundary violations (${known.length} feature imports still to move to public entries)`,
  );
}
