import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type TClock } from './clock.js';
import type { TConfig } from './config.js';
import type { Database } from './db/client.js';
import { accessPlugin } from './http/access.js';
import { registerBodyStall } from './http/body-stall.js';
import { registerDrain } from './http/drain.js';
import { requestForLog } from './http/error-log.js';
import { registerErrorHandler } from './http/errors.js';
import { AppEvents } from './http/events.js';
import { openapiPlugin, serializerCompiler } from './http/openapi.js';
import { frameworkErrors, securityPlugin } from './http/security.js';
import { sessionPlugin } from './http/session.js';
import { webPlugin } from './http/web.js';
import { JobRunner } from './jobs/index.js';
import { adminModule } from './modules/admin/routes.js';
import { createPdfRenderer, registerPdfRoute } from './modules/application-forms/pdf-route.js';
import { applicationFormsModule } from './modules/application-forms/routes.js';
import { applicationStatusModule } from './modules/application-status/routes.js';
import { applicationWizardModule } from './modules/application-wizard/routes.js';
import { authModule } from './modules/auth/routes.js';
import { contactModule } from './modules/contact/routes.js';
import { documentsModule } from './modules/documents/routes.js';
import { intakesModule } from './modules/intakes/routes.js';
import { mailModule } from './modules/mail/routes.js';
import { notificationsModule } from './modules/notifications/routes.js';
import { offerLapseModule } from './modules/offer-lapse/routes.js';
import { offerLettersModule } from './modules/offer-letters/routes.js';
import { remindersModule } from './modules/reminders/routes.js';
import { settingsModule } from './modules/settings/routes.js';
import { usersModule } from './modules/users/routes.js';
import { CatalogueCache } from './resources/catalogue-cache.js';
import { ResourceRegistry } from './resources/registry.js';
import { resourceModule } from './resources/routes.js';
import { createStorage, type TStorage } from './storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    database: Database;
    /** The file storage drivers, one set per app (documents, the PDF's photo, the Drive check). */
    storage: TStorage;
    /** The app's one clock: jobs and deadline checks take `now` from it (tests pass their own). */
    clock: TClock;
    /** The job runner: modules define job kinds on it while the app is built (jobs/runner.ts). */
    jobs: JobRunner;
  }
}

export type BuildOptions = {
  config: TConfig;
  database: Database;
  logger?: boolean;
  /** Where the log goes (default stdout); tests read it. */
  logStream?: { write(line: string): void };
  /** The app's clock (default the system's); tests pass one they move (test/clock.ts). */
  clock?: TClock;
};

/**
 * The HTTP server's time limits, chosen rather than inherited: Fastify sets Node's `requestTimeout`
 * to 0 (none) unless given one, so a client that stops sending would hold its request forever.
 * - a request's head within 30 s (checked every 5 s; Node's check runs every 30 s by default);
 * - the whole request, body included, within 10 minutes: the largest upload (10 MB) over a slow
 *   mobile link of 17 KB/s still fits; an upload that goes silent is ended far sooner by
 *   UPLOAD_STALL_MS (modules/documents/upload.ts; any other request body: http/body-stall.ts);
 * - an idle kept-alive connection is closed after 72 s (Fastify's default, kept on purpose): longer
 *   than the 60 s idle time of common load balancers and proxies, so they close it first and never
 *   send a request on a connection we are closing;
 * - no idle limit on a connection in use (`connectionTimeout` 0): a slow download is not cut.
 */
export const SERVER_TIME_LIMITS = {
  http: { headersTimeout: 30_000, connectionsCheckingInterval: 5_000 },
  requestTimeout: 600_000,
  keepAliveTimeout: 72_000,
  connectionTimeout: 0,
} as const;

/** Builds the whole API (tests call this and `inject` requests). */
export async function buildApp({
  config,
  database,
  logger,
  logStream,
  clock = systemClock,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            serializers: { req: requestForLog },
            ...(logStream ? { stream: logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A malformed URL, a path parameter over the router's length: problems like any other answer.
    frameworkErrors: frameworkErrors(config),
    ...SERVER_TIME_LIMITS,
    // URLs carry ids only (DESIGN 5); sign-in URLs carry state, nonce and code: see requestForLog.
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await decorate(app, { config, database, clock });
  registerErrorHandler(app);
  registerBodyStall(app, config.uploadStallMs);
  registerDrain(app);
  closeIdleConnectionsOnClose(app);

  await app.register(cookie);
  // Before the security plugin, whose rate limit then goes in front of each route's access rule.
  await app.register(accessPlugin);
  await app.register(securityPlugin);
  await app.register(sessionPlugin);
  await app.register(openapiPlugin);
  registerProbes(app);
  await registerModules(app);
  await app.register(webPlugin);
  return app;
}

/** What every module finds on the app: config, database, storage, resources, events, clock, jobs. */
async function decorate(
  app: FastifyInstance,
  { config, database, clock }: Pick<BuildOptions, 'config' | 'database'> & { clock: TClock },
) {
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', await createStorage(config, app.log));
  app.decorate('resources', new ResourceRegistry());
  app.decorate('catalogueCache', new CatalogueCache(database, config.catalogueCache, clock));
  app.decorate('events', new AppEvents());
  app.decorate('clock', clock);
  const jobs = new JobRunner(database.db, clock, app.log, config.jobs.pollMs);
  app.decorate('jobs', jobs);
  // Every module has defined its job kinds by then; every process keeps the recurring rows.
  app.addHook('onReady', async () => {
    // A database not reachable yet fails this quietly: the runner's loop tries again.
    await jobs
      .ensureRecurring()
      .catch((err: Error) => app.log.warn({ err: err.message }, 'jobs: not scheduled yet'));
    jobs.start();
  });
  app.addHook('preClose', async () => jobs.stop());
}

/**
 * Node's server.close() ends the connections idle at that moment only: one still finishing an
 * answer (a download's last bytes) would then wait for its keep-alive time-out (72 s) and hold
 * the shutdown. Close each one as soon as it falls idle (the files drill showed the wait).
 */
function closeIdleConnectionsOnClose(app: FastifyInstance) {
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    const timer = setInterval(() => app.server.closeIdleConnections(), 100);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
  });
}

/** `/api/health` (the process answers) and `/api/ready` (and may take requests). */
function registerProbes(app: FastifyInstance) {
  app.get('/api/health', { schema: { hide: true }, config: { access: 'public' } }, async () => ({
    status: 'ok',
  }));
  app.get('/api/ready', { schema: { hide: true }, config: { access: 'public' } }, async (_req, reply) => {
    // Stopping (a rolling restart): the proxy and load balancers look elsewhere.
    if (app.draining) return reply.status(503).send({ status: 'draining' });
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

async function registerModules(app: FastifyInstance) {
  await app.register(authModule, { prefix: '/api/auth' });
  await app.register(contactModule, { prefix: '/api' });
  await app.register(adminModule, { prefix: '/api' });
  await app.register(usersModule, { prefix: '/api' });
  // Modules extend the resources (hooks) before the resource routes are built from them.
  await app.register(applicationWizardModule, { prefix: '/api' });
  await app.register(documentsModule, { prefix: '/api' });
  await app.register(applicationStatusModule, { prefix: '/api' });
  // One PDF pool for the application form and the offer letter (their workers, fonts and limit).
  const renderPdf = createPdfRenderer(app);
  await app.register(registerPdfRoute, { prefix: '/api', renderPdf });
  await app.register(offerLettersModule, { prefix: '/api', renderPdf });
  await app.register(notificationsModule, { prefix: '/api' });
  await app.register(settingsModule, { prefix: '/api' });
  await app.register(intakesModule, { prefix: '/api' });
  await app.register(mailModule);
  await app.register(remindersModule);
  await app.register(offerLapseModule);
  await app.register(resourceModule, { prefix: '/api' });
  await app.register(applicationFormsModule, { prefix: '/api' });
}
