import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type TAppLanguage } from '@uniapply/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionCookieName } from './session.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths that never get the SPA: the API, and build files that no longer exist (an old release's). */
const isOutsideSpa = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/');
};

/**
 * The quality the Accept header gives to text/html: the most specific of `text/html`, `text/*` and
 * `*\/*` decides; no header at all accepts anything (RFC 9110 12.5.1). So curl (`*\/*`) and
 * browsers get the page, while `application/json` or `text/html;q=0` do not.
 */
export function htmlQuality(accept: string | undefined): number {
  if (!accept?.trim()) return 1;
  let best: { specificity: number; q: number } = { specificity: -1, q: 0 };
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const specificity = type === 'text/html' ? 2 : type === 'text/*' ? 1 : type === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

// A missing file (`/robots.txt`, an old `/sw.js`) gets the page only when HTML is asked for by name.
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');
const acceptsHtml = (request: FastifyRequest) =>
  looksLikeFile(request.url)
    ? (request.headers.accept ?? '').includes('text/html')
    : htmlQuality(request.headers.accept) > 0;

/**
 * Serves the built SPA from `config.webDist`: hashed files under /assets are cached for a year,
 * index.html is revalidated on every visit (it names the current hashes), and any other GET outside
 * /api whose Accept does not exclude HTML (browsers, and curl's `*\/*`) gets index.html so the
 * client router can take over. Unknown /api paths
 * and missing files stay problem+json 404s. The build writes .br and .gz twins of text files
 * (apps/web/vite.config.ts), sent when the browser accepts them.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build at ${root}: run \`npm run build\` to serve the web app from this process.`);
    return;
  }
  const assetsDir = `${path.join(root, 'assets')}${path.sep}`;

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per built file (the build is fixed while the server runs); everything else falls
    // through to the SPA route below.
    wildcard: false,
    index: false,
    preCompressed: true,
    decorateReply: false,
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders(reply, sentPath) {
      const filePath = sentPath.replace(/\.(br|gz)$/, '');
      if (filePath.startsWith(assetsDir)) reply.header('Cache-Control', IMMUTABLE);
      else if (filePath === indexFile) reply.header('Cache-Control', 'no-cache');
      else reply.header('Cache-Control', 'public, max-age=3600');
    },
  });

  const indexHtml = readFileSync(indexFile);
  const prerendered = readPrerendered(root);
  const sessionCookie = sessionCookieName(app.config.secureCookies);
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (isOutsideSpa(request.url) || !acceptsHtml(request)) return reply.callNotFound();
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const pages = prerendered.get(request.url);
    if (!pages) return reply.send(indexHtml);
    // The answer depends on the cookies: a cache must not give one visitor's page to another.
    reply.header('Vary', 'Cookie');
    // Spec 2.1: a signed-in user is sent on by role, which the app decides once the session is read.
    if (request.cookies[sessionCookie]) return reply.send(indexHtml);
    const cookieLanguage = request.cookies[LANGUAGE_STORAGE_KEY];
    const language = isLanguage(cookieLanguage) ? cookieLanguage : DEFAULT_LANGUAGE;
    return sendCompressed(request, reply, pages[language]);
  });
});

const isLanguage = (value: unknown): value is TAppLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

type TPage = { plain: Buffer; br?: Buffer; gz?: Buffer };
const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);

/**
 * The build's prerendered first screens (apps/web/scripts/prerender.mjs): `/` and `/login` in each
 * language, with their .br and .gz twins, by exact address. A build without them serves the shell.
 */
function readPrerendered(root: string): Map<string, Record<TAppLanguage, TPage>> {
  const pages = new Map<string, Record<TAppLanguage, TPage>>();
  for (const [url, file] of [
    ['/', 'index.html'],
    ['/login', 'login.html'],
  ] as const) {
    const byLanguage: Partial<Record<TAppLanguage, TPage>> = {};
    for (const language of LANGUAGES) {
      const full = path.join(root, '.prerendered', language, file);
      if (!existsSync(full)) break;
      byLanguage[language] = {
        plain: readFileSync(full),
        br: readIfThere(`${full}.br`),
        gz: readIfThere(`${full}.gz`),
      };
    }
    if (Object.keys(byLanguage).length === LANGUAGES.length)
      pages.set(url, byLanguage as Record<TAppLanguage, TPage>);
  }
  return pages;
}

/** Brotli, else gzip, when the browser accepts it and the build wrote the twin. */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, page: TPage) {
  reply.header('Vary', 'Cookie, Accept-Encoding');
  // The pages' language form posts to the API: under helmet's no-referrer a browser sends
  // `Origin: null` with it, which the same-origin rule refuses (docs/notes.md).
  reply.header('Referrer-Policy', 'same-origin');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding =
    page.br && /\bbr\b/.test(accepted) ? 'br' : page.gz && /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding) return reply.send(page.plain);
  return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? page.br : page.gz);
}
