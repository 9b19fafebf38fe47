import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSummary } from './repository.js';

const ZCount = z.number().int().min(0);
const ZAdminSummary = z.object({
  universities: ZCount,
  courses: ZCount,
  students: ZCount,
  submittedApplications: ZCount,
});

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
