import type { IncomingHttpHeaders } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { TConfig } from '../config.js';
import { crossSite, handleError, notFound } from './errors.js';
import { jsonTooDeep, MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { RATE_LIMIT_REDIS_TIMEOUT_MS, sharedOrLocalStore } from './rate-limit-store.js';
import { watchRedisGaps } from './redis-watch.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route: its refusals are security events (SECURITY 33). */
    upload?: boolean;
    /** A step of signing in: counted per address under the sign-in limit (RATE_LIMIT_SIGN_IN_MAX). */
    signIn?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cache policy of catalogue reads (resources/catalogue-cache.ts): not personal data, so a
 * browser may keep them, but must revalidate (If-None-Match → 304) before every use.
 */
export const CATALOGUE_CACHE_CONTROL = 'private, no-cache';

const isApi = (request: FastifyRequest) => request.url === '/api' || request.url.startsWith('/api/');

/**
 * The same-origin rule: true when a request comes from another site (Sec-Fetch-Site), or names an
 * Origin other than the portal's own or ALLOWED_ORIGINS. Also used by the notification hub's
 * handshake (SECURITY 29), which a browser may open from any page.
 */
export function crossSiteCheck(config: Pick<TConfig, 'publicUrl' | 'extraOrigins'>) {
  const ownOrigin = new URL(config.publicUrl).origin;
  return (headers: IncomingHttpHeaders) => {
    const site = headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') return true;
    const origin = headers.origin;
    return Boolean(origin && origin !== ownOrigin && !config.extraOrigins.includes(origin));
  };
}

/** The security headers of every answer (SECURITY 22): helmet's, with our CSP. */
export function helmetOptions(config: Pick<TConfig, 'secureCookies'>) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // Same-origin websockets are covered by 'self' (CSP Level 3, current browsers).
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://accounts.google.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  };
}

/**
 * Fastify's refusals before routing (a malformed URL, a path parameter over the router's length)
 * run no hooks, so no helmet and no cache rule: Fastify's `frameworkErrors` sends them here, and
 * they leave through the one error handler with the same headers as every other answer.
 */
export function frameworkErrors(config: Pick<TConfig, 'secureCookies'>) {
  const headers = helmet(helmetOptions(config));
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    headers(request.raw, reply.raw, () => {});
    reply.header('cache-control', 'no-store');
    return handleError(error, request, reply);
  };
}

/**
 * Helmet, a same-origin rule for state-changing requests, rate limits on every API route,
 * `Cache-Control: no-store` on the API, the API docs kept from production, and empty JSON bodies.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyHelmet, helmetOptions(app.config));
  await registerRateLimits(app);

  const fromElsewhere = crossSiteCheck(app.config);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (fromElsewhere(request.headers)) throw crossSite();
  });

  // Security events (SECURITY 33). onError runs before the error handler renders the problem,
  // with the thrown error (AppError or Fastify's).
  app.addHook('onError', async (request, _reply, error) => logRefusal(request, error));

  // API responses carry personal data: no browser or proxy keeps them (SECURITY 23). onSend also
  // sees errors and unknown routes. The SPA's static files keep their own caching (http/web.ts); a
  // route that sets its own no-store policy (downloads: `private, no-store`) keeps it, and so do
  // catalogue reads (`private, no-cache` with an ETag: not personal, revalidated on every use).
  app.addHook('onSend', async (request, reply) => {
    if (!isApi(request)) return;
    const policy = String(reply.getHeader('cache-control') ?? '');
    if (/\bno-store\b/.test(policy)) return;
    if (policy === CATALOGUE_CACHE_CONTROL && reply.statusCode < 400) return;
    reply.header('cache-control', 'no-store');
  });

  // The API description helps attackers as much as developers: in production, admins only.
  // A preHandler, so the session (read in onRequest) is known; 404 as if it did not exist.
  if (app.config.env === 'production') {
    app.addHook('preHandler', async (request) => {
      const route = request.routeOptions.url ?? '';
      if ((route === '/api/docs' || route.startsWith('/api/docs/')) && request.user?.role !== 'Admin') {
        throw notFound(`No route ${request.method} ${request.url.split('?')[0]}`);
      }
    });
  }

  parseEmptyJsonAsNoBody(app);
});

/**
 * Security events (SECURITY 33): every refusal (401, 403, a signed-in user's 404) with who, where
 * and why; a refused upload with its code.
 */
function logRefusal(request: FastifyRequest, error: FastifyError) {
  const status = (error as { status?: number }).status ?? error.statusCode ?? 500;
  const code = (error as { code?: string }).code;
  // A refused upload (type, content, size, a missing or foreign student): the code says why,
  // never the file's name. Malware is logged by the scan itself, with its signature, and a
  // stalled upload by the spool, with how far it came.
  if (request.routeOptions.config.upload && status >= 400 && status < 500 && ![401, 403].includes(status)) {
    if (code === 'fileInfected' || code === 'uploadStalled') return;
    request.log.warn(
      {
        event: 'upload-refused',
        status,
        code,
        userId: request.user?.id ?? null,
        route: `${request.method} ${request.routeOptions.url}`,
      },
      'upload refused',
    );
    return;
  }
  // A 404 of a route (another owner's record answers exactly like a missing one, SECURITY 1) is
  // logged like a 403, so walking through ids can be traced; unknown addresses are not errors.
  const refusedRecord = status === 404 && request.user && request.routeOptions.url;
  if (status !== 401 && status !== 403 && !refusedRecord) return;
  request.log.warn(
    {
      event: 'access-denied',
      status,
      userId: request.user?.id ?? null,
      route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      reason: error.message,
    },
    'access denied',
  );
}

/**
 * Spec 7 clients send `Content-Type: application/json` on every call, also without a payload:
 * an empty JSON body means "no body" (the route's schema decides whether one is required).
 * Everything else goes through Fastify's own parser (prototype poisoning still refused), after
 * the nesting bound (http/json-depth.ts).
 */
function parseEmptyJsonAsNoBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(jsonTooDeep(), undefined);
    return parseJson(request, text, done);
  });
}

/**
 * Marks every route registered from here on in this (encapsulated) context as a step of signing
 * in (the demo provider's pages and endpoints): counted under the sign-in limit.
 */
export function signInRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, signIn: true };
  });
}

/**
 * Every API route is limited per minute (SECURITY 30): per user when signed in, per address
 * otherwise (`request.ip`: the socket's address unless TRUST_PROXY, so a made-up X-Forwarded-For
 * changes nothing). The steps of signing in (`config.signIn`: its start, the provider's return,
 * the demo provider's pages) count together per address under RATE_LIMIT_SIGN_IN_MAX, whoever is
 * signed in. Routes with their own `config.rateLimit` (contact) keep their stricter limit; signing
 * out (`rateLimit: false`) is never limited: a user who met the limit can still leave. Counters live in Redis when REDIS_URL is set (shared by every instance), else in
 * memory. While Redis fails (down, refusing, frozen) each process counts in its own memory, so the
 * limits hold per process, and the shared counts resume when Redis answers (http/rate-limit-store.ts).
 * Over the limit: 429 problem+json with Retry-After (http/errors.ts).
 */
async function registerRateLimits(app: FastifyInstance) {
  const { config } = app;
  const rateKey = (request: FastifyRequest) =>
    request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
  let store: FastifyRateLimitStoreCtor | undefined;
  if (config.redisUrl) {
    // ioredis is loaded only with REDIS_URL. No offline queue: while not connected a count fails at
    // once (and is made in memory). A count that Redis does not answer within the timeout is made
    // in memory too; it is never retried after a reconnect (maxRetriesPerRequest 0), which would
    // count the request a second time.
    const redis = new (await import('ioredis')).Redis(config.redisUrl, {
      connectTimeout: 2000,
      commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const gaps = watchRedisGaps(
      redis,
      app.log,
      'rate limits',
      'requests are counted against the limits by each process alone until it is back',
    );
    app.addHook('onClose', async () => {
      gaps.close();
      redis.disconnect();
    });
    store = sharedOrLocalStore(redis, `${config.redisKeyPrefix}rate-`, gaps);
    // Count in Redis from the first request: start once connected (or refused, or after the
    // connect timeout; the counts are then made in memory until Redis answers).
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, 2000);
      redis.once('ready', done).once('error', done);
    });
  }
  await app.register(rateLimit, {
    global: false,
    timeWindow: '1 minute',
    keyGenerator: rateKey,
    max: (request) => (request.user ? config.rateLimit.max : config.rateLimit.anonymousMax),
    // Without Redis: the plugin's in-memory store. The stores never fail, so nothing is let
    // through uncounted (skipOnError stays off).
    ...(store ? { store } : {}),
  });
  const byDefault = app.rateLimit();
  const signIn = app.rateLimit({
    keyGenerator: (request) => `sign-in ip:${request.ip}`,
    max: config.rateLimit.signInMax,
    timeWindow: '1 minute',
  });
  // Chosen per request: plugins mark their routes after this hook has seen them (signInRoutes).
  const byRoute: onRequestHookHandler = async function (request, reply) {
    await (request.routeOptions.config.signIn ? signIn : byDefault).call(this, request, reply);
  };
  // First of the route's own onRequest hooks (after the session is read, before role checks): a
  // flood of refused requests is limited too. The plugin's own hook then sees the request counted.
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) return;
    const own = route.config?.rateLimit;
    if (own === false) return;
    // A route's own limit counts under keys of its own: the plugin names the store it makes here
    // after no route, so in Redis two routes' own limits would share one count.
    const limit: onRequestHookHandler = own
      ? app.rateLimit({ keyGenerator: (request) => `${route.url} ${rateKey(request)}`, ...own })
      : byRoute;
    const hooks = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [limit, ...hooks];
  });
  // Unknown API addresses have no route of their own: the not-found handler runs the root hooks.
  app.addHook('preHandler', async (request, reply) => {
    if (request.is404 && isApi(request)) await byDefault.call(app, request, reply);
  });
}
