import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countCases, countTests } from './count-tests.mjs';

// The declared-case count that issue 19 item 6 must not let fall.

describe('countCases', () => {
  it('counts each it/test once, with modifiers, and each .each once', () => {
    const text = `
      it('one', () => {});
      it.skip("two", () => {});
      it.skipIf(!OLD_NODE)(\`three \${x}\`, async () => {});
      test.describe('a group', () => {
        test('four', async ({ page }) => { test.slow(); await test.step('a step', () => {}); });
      });
      it.each([[1, 2], [3, 4]])('five %i', () => {});
      describe.runIf(onPostgres)('group', () => { it.concurrent('six', () => {}); });
    `;
    expect(countCases(text)).toBe(6);
  });

  it('leaves out hooks, commented-out tests and names that merely end in "it" or "test"', () => {
    const text = `
      beforeEach(() => {});
      test.use({ storageState: english });
      // it('commented out', () => {});
      /* test('block comment', () => {}); */
      await submit('x'); latest('y'); contest('z');
    `;
    expect(countCases(text)).toBe(0);
  });
});

describe('countTests', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'count-tests-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (relative, text) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  };

  it('sums test files by kind and skips node_modules, dist and other files', () => {
    write('apps/api/test/a.test.ts', "it('a', () => {}); it('b', () => {});");
    write('apps/web/src/b.test.tsx', "it('c', () => {});");
    write('e2e/c.spec.ts', "test('d', async () => {});");
    write('packages/shared/src/d.test.ts', "it('e', () => {});");
    write('apps/api/src/helper.ts', "it('not a test file', () => {});");
    write('node_modules/x/e.test.ts', "it('f', () => {});");
    write('apps/api/dist/f.test.ts', "it('g', () => {});");
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
