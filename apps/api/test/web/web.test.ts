import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.js';

// A stand-in for apps/web/dist: the plugin serves whatever the web build wrote.
const INDEX = '<!doctype html><html lang="uz"><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'uniapply-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  it('serves index.html at / without long caching', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('answers client-side routes with index.html (SPA fallback), any letter case', async () => {
    for (const url of ['/Admin/Dashboard', '/student/dashboard?x=1', '/login', '/no/such/page']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and sends the precompressed file when accepted', async () => {
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.body).toBe(SCRIPT);

    const gzip = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other root files with a short cache', async () => {
    const res = await t.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps unknown API paths and missing assets as problem+json 404s', async () => {
    for (const url of ['/api/nope', '/api', '/assets/index-old999.js']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
    }
  });

  it('serves the page to curl (Accept: */*) and to clients that send no Accept', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/*' }]) {
      for (const url of ['/', '/Admin/Dashboard?x=1']) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.body).toBe(INDEX);
      }
    }
  });

  it('keeps /api JSON and refuses the page to clients that exclude HTML', async () => {
    const api = await t.app.inject({ url: '/api/nope', headers: { accept: '*/*' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    for (const accept of ['application/json', 'text/html;q=0, */*', 'image/png']) {
      const res = await t.app.inject({ url: '/Admin/Dashboard', headers: { accept } });
      expect(res.statusCode, accept).toBe(404);
    }
    const file = await t.app.inject({ url: '/robots.txt', headers: { accept: '*/*' } });
    expect(file.statusCode).toBe(404);
  });

  it('does not answer non-HTML requests with the page', async () => {
    const res = await t.app.inject({ url: '/some/data.json', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
