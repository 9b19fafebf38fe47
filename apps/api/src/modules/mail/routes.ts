import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailTransport } from './transport.js';
import { MailWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue's worker; tests call `drain()` to send what is due, deterministically. */
    mailWorker: MailWorker;
  }
}

/**
 * Status mails (issue 12): the queue's worker loop in this process, and the admin Outbox. Not
 * encapsulated (the app carries `mailWorker`), so its routes spell out /api.
 */
export const mailModule = fp(async (app: FastifyInstance) => {
  const { config, database } = app;
  const transport = createMailTransport(config.mail);
  const worker = new MailWorker(database.db, transport, config, app.log);
  app.decorate('mailWorker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
});
