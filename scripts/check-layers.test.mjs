import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API_MODULES, FEATURE_IMPORTS_TO_MOVE } from './check-layers.mjs';

// The lint step's layer check, run as `npm run lint` runs it: a child process and its exit code.

const script = fileURLToPath(new URL('./check-layers.mjs', import.meta.url));
const repoRoot = path.resolve(path.dirname(script), '..');
const run = (root) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

const fixture = mkdtempSync(path.join(tmpdir(), 'check-layers-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(relative, text) {
  const file = path.join(fixture, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// Downward imports everywhere, and test-only helpers that reach up to build the whole app.
write('apps/api/src/config.ts', 'export const config = {};\n');
write('apps/api/src/db/client.ts', "import { config } from '../config.js';\nexport const db = config;\n");
write('apps/api/src/http/session.ts', "import { db } from '../db/client.js';\nexport const s = db;\n");
write(
  'apps/api/src/resources/routes.ts',
  "import type { s } from '../http/session.js';\nexport { db } from '../db/client.js';\n",
);
write(
  'apps/api/src/modules/auth/routes.ts',
  "import { db } from '../../db/client.js';\nexport const a = db;\n",
);
write('apps/api/src/app.ts', "import { a } from './modules/auth/routes.js';\nexport const app = a;\n");
write('apps/web/src/lib/api.ts', 'export const api = 1;\n');
write('apps/web/src/components/crud/crud-test-utils.tsx', "import { App } from '../../app/app';\n");
write('apps/web/src/features/x/test-utils.tsx', "import { routes } from '../../app/routes';\n");
write('apps/web/src/test/render.tsx', "import { App } from '../app/app';\n");
write(
  'apps/web/src/features/x/page.tsx',
  "import { api } from '../../lib/api';\nconst lazy = () => import('./other');\n",
);

describe('check-layers', () => {
  it('passes a tree whose imports all point down', () => {
    const result = run(fixture);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails on an upward import and names the file and line of each', () => {
    // http must never import a module (the session store once lived in modules/auth).
    write(
      'apps/api/src/http/session.ts',
      "import { db } from '../db/client.js';\n\nimport {\n  a,\n} from '../modules/auth/routes.js';\nexport const s = db;\n",
    );
    // A web component must never reach a feature, not even from its test file.
    write('apps/web/src/components/switcher.test.tsx', "const load = () => import('../features/x/page');\n");
    const result = run(fixture);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      "apps/api/src/http/session.ts:5: http imports modules ('../modules/auth/routes.js'): layers import downwards only",
      "apps/web/src/components/switcher.test.tsx:1: components imports features ('../features/x/page'): layers import downwards only",
      `check-layers: 2 boundary violation(s). Layers: config → i18n → db → http → storage → notify → resources → jobs → modules → app; lib → components → features → app. API modules: ${API_MODULES.join(' → ')}`,
    ]);
  });

  // Issue 19 item 2: the boundaries within a layer, each shown failing on a deliberate bad import.
  it('fails on a feature importing another feature’s internals, a lower module importing a higher one, and product code importing test code', () => {
    const bad = mkdtempSync(path.join(tmpdir(), 'check-boundaries-'));
    const put = (relative, text) => {
      const file = path.join(bad, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    try {
      // Allowed: a module importing one below it; a feature importing another's public entry.
      put('apps/api/src/modules/mail/index.ts', 'export const mail = 1;\n');
      put('apps/api/src/modules/documents/service.ts', "import { mail } from '../mail/index.js';\n");
      put('apps/web/src/features/auth/index.ts', "export { session } from './session';\n");
      put('apps/web/src/features/auth/session.ts', 'export const session = 1;\n');
      put(
        'apps/web/src/features/users/entry.tsx',
        "import { session } from '../auth';\nimport { s } from '../auth/index';\n",
      );
      put('apps/web/src/testing/render.tsx', "import { session } from '../features/auth/session';\n");
      put('apps/web/src/features/users/users.test.tsx', "import { render } from '../../testing/render';\n");
      expect(run(bad).status, run(bad).stderr).toBe(0);

      // A lower module importing a higher one (mail sits below documents).
      put('apps/api/src/modules/mail/queue.ts', "import { x } from '../documents/service.js';\n");
      // A module nobody declared.
      put('apps/api/src/modules/waitlist/routes.ts', "import { mail } from '../mail/index.js';\n");
      // A feature reaching into another feature's internals.
      put('apps/web/src/features/users/users-page.tsx', "import { session } from '../auth/session';\n");
      // Product code importing test code: the web's testing/ and the API's test/.
      put('apps/web/src/features/users/fixtures.ts', "import { render } from '../../testing/render';\n");
      put('apps/api/src/modules/documents/sweep.ts', "import { TestClock } from '../../../test/clock.js';\n");
      const result = run(bad);
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n').slice(0, -1).sort()).toEqual(
        [
          "apps/api/src/modules/mail/queue.ts:1: module mail imports module documents ('../documents/service.js'): a module imports only those below it (API_MODULES)",
          'apps/api/src/modules/waitlist: module waitlist is not in API_MODULES (scripts/check-layers.mjs): declare where it sits',
          "apps/web/src/features/users/users-page.tsx:1: feature users imports feature auth's internals ('../auth/session'): import its public entry (features/auth/index.ts)",
          "apps/web/src/features/users/fixtures.ts:1: product code imports test code ('../../testing/render'): only tests and test helpers may",
          "apps/api/src/modules/documents/sweep.ts:1: product code imports test code ('../../../test/clock.js'): only tests and test helpers may",
        ].sort(),
      );
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });

  // Issue 19 item 3: one API module per web area owns its query keys.
  it('fails on a query-key array written outside an area’s API module', () => {
    const bad = mkdtempSync(path.join(tmpdir(), 'check-keys-'));
    const put = (relative, text) => {
      const file = path.join(bad, relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    try {
      // Allowed: keys in the area's api.ts or *-api.ts, in lib, and in tests (they seed the cache).
      put(
        'apps/web/src/features/admin/api.ts',
        "export const adminKeys = { summary: ['admin', 'summary'] };\nconst q = { queryKey: ['admin'] };\n",
      );
      put('apps/web/src/features/wizard/wizard-api.ts', "const q = { queryKey: ['application'] };\n");
      put('apps/web/src/lib/resources.ts', "const q = { queryKey: ['resource'] };\n");
      put('apps/web/src/features/admin/page.test.tsx', "const q = { queryKey: ['admin', 'summary'] };\n");
      put(
        'apps/web/src/features/admin/page.tsx',
        "import { adminKeys } from './api';\nconst q = { queryKey: adminKeys.summary };\n",
      );
      expect(run(bad).status, run(bad).stderr).toBe(0);

      put(
        'apps/web/src/features/admin/page.tsx',
        "const q = useQuery({\n  queryKey: ['admin', 'summary'],\n});\nvoid client.invalidateQueries({ queryKey: [...adminKeys.all, 'x'] });\n",
      );
      put('apps/web/src/components/list.tsx', "const q = { queryKey:[ 'list'] };\n");
      const result = run(bad);
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n').slice(0, -1)).toEqual([
        "apps/web/src/components/list.tsx:1: a query key written in place ('queryKey: ['): take it from the area's API module (features/<area>/api.ts, its <area>Keys)",
        "apps/web/src/features/admin/page.tsx:2: a query key written in place ('queryKey: ['): take it from the area's API module (features/<area>/api.ts, its <area>Keys)",
        "apps/web/src/features/admin/page.tsx:4: a query key written in place ('queryKey: ['): take it from the area's API module (features/<area>/api.ts, its <area>Keys)",
      ]);
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });

  it('passes on the real tree', () => {
    const result = run(repoRoot);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `check-layers: no boundary violations (${FEATURE_IMPORTS_TO_MOVE.length} feature imports still to move to public entries)\n`,
    );
    expect(result.status).toBe(0);
  });
});
