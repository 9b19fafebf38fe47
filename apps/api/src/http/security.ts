import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { crossSite } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Helmet, a same-origin rule for state-changing requests, and rate limits (opt-in per route). */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        formAction: ["'self'", 'https://accounts.google.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: app.config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: app.config.secureCookies,
  });
  await app.register(rateLimit, { global: false });

  const ownOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw crossSite();
    const origin = request.headers.origin;
    if (origin && origin !== ownOrigin && !app.config.extraOrigins.includes(origin)) {
      throw crossSite();
    }
  });
});
