import { ZAdminSummary } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countSummary } from './repository.js';

/** The admin dashboard's figures. */
export async function adminModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.get(
    '/admin/summary',
    {
      schema: {
        tags: ['admin'],
        operationId: 'Admin_summary',
        summary: 'Counts of universities, courses, students and submitted applications (Admin)',
        response: { 200: ZAdminSummary },
      },
      config: { access: ['Admin'] },
    },
    async () => countSummary(database.db),
  );
}
