import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeReturnUrl } from '../../src/modules/auth/return-url.js';
import { createTestApp, type TestApp } from '../app.js';
import { Browser } from '../auth/browser.js';
import { signInThroughDemo } from '../auth/flow.js';

const ORIGIN = 'https://portal.example';

// Shapes that a raw-text check lets through and a URL parser then turns into another host.
const hostile = [
  '/..//evil.example',
  '/../..//evil.example/x?y=1',
  '/a/..//evil.example',
  '/./..//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e.//evil.example',
  '/..%2f/evil.example',
  '/..%5c/evil.example',
  '/..\\/evil.example',
  '/..\t//evil.example',
  '/..\n//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\\\\evil.example',
  '/%252e%252e//evil.example',
  'HTTPS://evil.example',
  `${ORIGIN}/Student/Dashboard`,
  '\\\\evil.example',
  ' //evil.example',
];

describe('SECURITY 14: safeReturnUrl', () => {
  it.each(hostile)('item 14: %j never leaves the origin', (value) => {
    const result = safeReturnUrl(value, ORIGIN);
    expect(result.startsWith('/')).toBe(true);
    expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
    expect(result).not.toMatch(/^\/[/\\]/);
  });

  it('item 14: a full URL, even our own, falls back to /', () => {
    expect(safeReturnUrl(`${ORIGIN}/Student/Dashboard`, ORIGIN)).toBe('/');
    expect(safeReturnUrl('https://evil.example/', ORIGIN)).toBe('/');
  });

  it('item 14: keeps a same-origin path, normalised', () => {
    expect(safeReturnUrl('/Agent/Students/FormPage?studentId=12', ORIGIN)).toBe(
      '/Agent/Students/FormPage?studentId=12',
    );
    expect(safeReturnUrl('/a/../Student/Dashboard#top', ORIGIN)).toBe('/Student/Dashboard#top');
  });

  it('item 14: property: the result, resolved against the public origin, always has our origin', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '%252e',
      '\t',
      '\n',
      '\r',
      ' ',
      '@',
      ':',
      '?',
      '#',
      'evil.example',
      'EVIL.example',
      'http:',
      'https:',
      'javascript:',
      'a',
      '%00',
    );
    const value = fc.oneof(
      fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
      fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join('')}`),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(value, (v) => {
        const result = safeReturnUrl(v, ORIGIN);
        return result.startsWith('/') && new URL(result, ORIGIN).origin === ORIGIN;
      }),
      { numRuns: 3000 },
    );
  });
});

describe('SECURITY 14: returnUrl after a real sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/..//evil.example', '/%2e%2e//evil.example', '/a/..//evil.example?x=1'])(
    'item 14: %j ends on our origin',
    async (returnUrl) => {
      const done = await signInThroughDemo(new Browser(t.baseUrl), { email: 'ret@example.test', returnUrl });
      expect(done.res.status).toBe(303);
      expect(done.location).toMatch(/^\//);
      expect(new URL(done.location!, t.baseUrl).origin).toBe(t.baseUrl);
    },
  );
});
