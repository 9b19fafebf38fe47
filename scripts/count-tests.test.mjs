import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countCases, countTests } from './count-tests.mjs';

// The declared-case count that issue 19 item 6 must not let fall. The fixtures spell each call
// `_it`/`_test` (this file is counted too) and drop the underscore before counting.
const real = (text) => text.replace(/(?<![\w.$])_(it|test)\b/g, '$1');

describe('countCases', () => {
  it('counts each it/test once, with modifiers, and each .each once', () => {
    const text = `
      _it('one', () => {});
      _it.skip("two", () => {});
      _it.skipIf(!OLD_NODE)(\`three \${x}\`, async () => {});
      _test.describe('a group', () => {
        _test('four', async ({ page }) => { _test.slow(); await _test.step('a step', () => {}); });
      });
      _it.each([[1, 2], [3, 4]])('five %i', () => {});
      describe.runIf(onPostgres)('group', () => { _it.concurrent('six', () => {}); });
    `;
    expect(countCases(real(text))).toBe(6);
  });

  it('leaves out hooks, commented-out tests and names that merely end in "it" or "test"', () => {
    const text = `
      beforeEach(() => {});
      _test.use({ storageState: english });
      // _it('commented out', () => {});
      /* _test('block comment', () => {}); */
      await submit('x'); latest('y'); contest('z');
    `;
    expect(countCases(real(text))).toBe(0);
  });
});

describe('countTests', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'count-tests-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (relative, text) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), real(text));
  };

  it('sums test files by kind and skips node_modules, dist and other files', () => {
    write('apps/api/test/a.test.ts', "_it('a', () => {}); _it('b', () => {});");
    write('apps/web/src/b.test.tsx', "_it('c', () => {});");
    write('e2e/c.spec.ts', "_test('d', async () => {});");
    write('packages/shared/src/d.test.ts', "_it('e', () => {});");
    write('apps/api/src/helper.ts', "_it('not a test file', () => {});");
    write('node_modules/x/e.test.ts', "_it('f', () => {});");
    write('apps/api/dist/f.test.ts', "_it('g', () => {});");
    expect(countTests(root)).toEqual({
      total: 5,
      kinds: {
        'vitest api': 2,
        'vitest web': 1,
        'playwright (e2e)': 1,
        'vitest other (shared, scripts)': 1,
      },
    });
  });
});
