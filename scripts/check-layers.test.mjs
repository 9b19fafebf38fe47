import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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
      'check-layers: 2 upward import(s). Order: config → db → http → resources → jobs → modules → app; lib → components → features → app',
    ]);
  });

  it('passes on the real tree', () => {
    const result = run(repoRoot);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('check-layers: no upward imports\n');
    expect(result.status).toBe(0);
  });
});
