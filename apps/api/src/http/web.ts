import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Paths that never get the SPA: the API, and build files that no longer exist (an old release's). */
const isOutsideSpa = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/');
};
const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built SPA from `config.webDist`: hashed files under /assets are cached for a year,
 * index.html is revalidated on every visit (it names the current hashes), and any other GET that
 * asks for HTML outside /api gets index.html so the client router can take over. Unknown /api paths
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
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (isOutsideSpa(request.url) || !acceptsHtml(request)) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
});
