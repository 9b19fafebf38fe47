import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.js';

// A stand-in for apps/web/dist with the build's prerendered first screens (scripts/prerender.mjs).
const SHELL =
  '<!doctype html><html lang="uz"><body><div id="root">Loading application...</div></body></html>';
const page = (language: string, name: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root" data-prerendered="${language}">${name} ${language} ${'x'.repeat(1000)}</div></body></html>`;

describe('the prerendered first screens (issue 20 item 7)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'uniapply-prerendered-'));
    writeFileSync(path.join(dist, 'index.html'), SHELL);
    for (const language of ['uz', 'ru', 'en']) {
      const dir = path.join(dist, '.prerendered', language);
      mkdirSync(dir, { recursive: true });
      for (const [file, name] of [
        ['index.html', 'landing'],
        ['login.html', 'login'],
      ] as const) {
        writeFileSync(path.join(dir, file), page(language, name));
        writeFileSync(path.join(dir, `${file}.gz`), gzipSync(page(language, name)));
      }
    }
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string, encoding?: string) =>
    t.app.inject({
      url,
      headers: {
        accept: 'text/html,*/*;q=0.8',
        ...(cookie ? { cookie } : {}),
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
    });

  it('sends / and /login in Uzbek to a visitor without a language cookie', async () => {
    for (const [url, name] of [
      ['/', 'landing'],
      ['/login', 'login'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.body, url).toBe(page('uz', name));
      // The page holds no inline script, and the policy still allows none (SECURITY 22).
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self';");
    }
  });

  it('follows the appLanguage cookie; an unknown language gets Uzbek', async () => {
    expect((await get('/', 'appLanguage=ru')).body).toBe(page('ru', 'landing'));
    expect((await get('/login', 'theme=x; appLanguage=en')).body).toBe(page('en', 'login'));
    expect((await get('/', 'appLanguage=de')).body).toBe(page('uz', 'landing'));
  });

  it('sends the loading shell when a session cookie is present (spec 2.1: signed-in users move on)', async () => {
    for (const url of ['/', '/login']) {
      const res = await get(url, 'sid=some-token; appLanguage=ru');
      expect(res.body, url).toBe(SHELL);
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it('sends the shell for other addresses and for a query string (the client reads it)', async () => {
    for (const url of [
      '/?returnUrl=%2FStudent%2FDashboard',
      '/login?signInError=failed',
      '/Student/Dashboard',
    ]) {
      expect((await get(url, 'appLanguage=en')).body, url).toBe(SHELL);
    }
  });

  it("lets the pages' forms say where they come from (Referrer-Policy same-origin), the shell keeps no-referrer", async () => {
    expect((await get('/')).headers['referrer-policy']).toBe('same-origin');
    expect((await get('/login', 'appLanguage=ru')).headers['referrer-policy']).toBe('same-origin');
    expect((await get('/', 'sid=some-token')).headers['referrer-policy']).toBe('no-referrer');
  });

  const chooseLanguage = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/language',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });

  it('the language form sets the appLanguage cookie and sends the browser back to its page', async () => {
    const res = await chooseLanguage('returnTo=%2Flogin&language=ru', {
      origin: new URL(t.app.config.publicUrl).origin,
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^appLanguage=ru; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    // The page it sends the browser back to is in that language.
    expect((await get('/login', 'appLanguage=ru')).body).toBe(page('ru', 'login'));
    // Only the first screens: any other address goes back to the landing page.
    for (const returnTo of [
      '%2F%2Fevil.example',
      'https%3A%2F%2Fevil.example',
      '%2FStudent%2FDashboard',
      '',
    ]) {
      const back = await chooseLanguage(`language=en&returnTo=${returnTo}`);
      expect(back.statusCode, returnTo).toBe(303);
      expect(back.headers.location, returnTo).toBe('/');
    }
  });

  it('the language form refuses a language the portal does not speak, and another site', async () => {
    const unknown = await chooseLanguage('language=de&returnTo=%2F');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    const elsewhere = await chooseLanguage('language=ru&returnTo=%2F', { origin: 'https://evil.example' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    // helmet's no-referrer makes a browser send `Origin: null` with a form: refused too, hence
    // the pages' same-origin policy above.
    expect((await chooseLanguage('language=ru', { origin: 'null' })).statusCode).toBe(403);
  });

  it('sends the compressed twin when the browser accepts it', async () => {
    const gz = await get('/', 'appLanguage=en', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload).toEqual(gzipSync(page('en', 'landing')));
    // No .br twin in this build: brotli is not sent.
    const br = await get('/', 'appLanguage=en', 'br');
    expect(br.headers['content-encoding']).toBeUndefined();
    expect(() => brotliDecompressSync(br.rawPayload)).toThrow();
    expect(br.body).toBe(page('en', 'landing'));
  });
});
