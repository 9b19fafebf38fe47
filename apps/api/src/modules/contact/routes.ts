import { ZContactCreated, ZContactMessage, ZContactMessageInput } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problems } from '../../http/openapi.js';
import { findLatestContactMessages, insertContactMessage } from './repository.js';

/** Messages a sender may post per minute from one address (the form needs no sign-in). */
export const CONTACT_RATE_LIMIT = 5;

const ZLatestQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });

/** The landing page's contact form, and the latest messages for the admin dashboard. */
export async function contactModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        operationId: 'Contact_send',
        summary: 'Send a message from the landing page (no sign-in)',
        body: ZContactMessageInput,
        response: { 201: ZContactCreated, ...problems(429) },
      },
      config: { access: 'public', rateLimit: { max: CONTACT_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const id = await insertContactMessage(database.db, request.body);
      return reply.status(201).send({ id });
    },
  );

  app.get(
    '/contact/latest',
    {
      schema: {
        tags: ['contact'],
        operationId: 'Contact_latest',
        summary: 'The latest contact messages (Admin)',
        querystring: ZLatestQuery,
        response: { 200: z.array(ZContactMessage) },
      },
      // Before validation, so an outsider learns nothing from the query's error messages.
      config: { access: ['Admin'] },
    },
    async (request) => {
      return findLatestContactMessages(database.db, request.query.limit);
    },
  );
}
