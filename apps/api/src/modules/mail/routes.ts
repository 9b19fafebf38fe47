import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailJobs } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { registerResource } from '../../resources/routes.js';
import { mailJobResource } from './resource.js';
import { createMailTransport } from './transport.js';
import { LEASE_MS, MailWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue's worker; tests call `drain()` to send what is due, deterministically. */
    mailWorker: MailWorker;
  }
}

const ZIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number')
    .transform(Number),
});

/** The admin Outbox's routes: the read verbs of MailJob and the .eml of a mail in outbox mode. */
async function outboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;
  registerResource(app, mailJobResource);

  app.get(
    '/MailJob/:id/eml',
    {
      schema: {
        tags: ['MailJob'],
        operationId: 'MailJob_eml',
        summary: 'The mail as written to the outbox, an .eml file (Admin; outbox mode only)',
        params: ZIdParams,
        response: {
          200: documented(z.string().describe('The message (RFC 5322), as an attachment.')),
          ...problems(404),
        },
      },
      config: { access: ['Admin'] },
    },
    async (request, reply) => {
      const [row] = await database.db
        .select({ outboxFile: mailJobs.outboxFile })
        .from(mailJobs)
        .where(eq(mailJobs.id, request.params.id));
      const missing = () => notFound('This mail has no outbox file.');
      if (!row?.outboxFile) throw missing();
      // The name is the server's own (`<id>.eml`); basename keeps it inside the outbox anyway.
      const file = path.join(config.mail.outboxDir, path.basename(row.outboxFile));
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) throw missing();
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-length', stat.size)
        .header('content-disposition', `attachment; filename="mail-${request.params.id}.eml"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file) as never);
    },
  );
}

/** A failed mail goes back to the queue with fresh attempts (the admin fixed the cause). */
async function retryFailed(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  r.post(
    '/MailJob/:id/retry',
    {
      schema: {
        tags: ['MailJob'],
        operationId: 'MailJob_retry',
        summary: 'Send a failed mail again (Admin)',
        params: ZIdParams,
        response: { 204: documented(z.undefined().describe('Queued again.')), ...problems(404, 409) },
      },
      config: { access: ['Admin'] },
    },
    async (request, reply) => {
      const { id } = request.params;
      const updated = await db
        .update(mailJobs)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
        .where(and(eq(mailJobs.id, id), eq(mailJobs.status, 'failed')))
        .returning({ id: mailJobs.id });
      if (updated.length === 0) {
        const [row] = await db.select({ id: mailJobs.id }).from(mailJobs).where(eq(mailJobs.id, id));
        if (!row) throw notFound('This mail was not found.');
        throw conflict('Only a failed mail can be sent again.');
      }
      return reply.status(204).send();
    },
  );
}

/**
 * Status mails (issue 12): the queue's worker as the job 'mail.send', and the admin Outbox. Not
 * encapsulated, so that the app carries `mailWorker`; the routes live in a child under /api.
 */
export const mailModule = fp(async (app: FastifyInstance) => {
  const { config, database } = app;
  const transport = createMailTransport(config.mail);
  const worker = new MailWorker(database.db, transport, config, app.log, app.clock);
  app.decorate('mailWorker', worker);
  // The worker's loop is a recurring job (MAIL_POLL_MS 0: none; tests drain by hand). Each mail
  // is leased on its own row too, so a drain that outlives the job's lease never sends one twice.
  app.jobs.define({
    kind: 'mail.send',
    ...(config.mail.pollMs > 0 ? { everyMs: config.mail.pollMs } : {}),
    leaseMs: LEASE_MS,
    run: ({ now, signal }) => worker.drain(now, signal),
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    worker.stop();
  });
  await app.register(outboxRoutes, { prefix: '/api' });
  await app.register(retryFailed, { prefix: '/api' });
});
