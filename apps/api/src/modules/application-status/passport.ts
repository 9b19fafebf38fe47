import { ZApplicationStatusState, ZPassportWhereaboutsUpdate } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documented, problems } from '../../http/openapi.js';
import { inTransaction } from '../../resources/mutations.js';
import { actorOf } from '../../resources/scope.js';
import { setPassportWhereabouts, stateOf } from './repository.js';
import { requireApplication } from './service.js';

// Issue 22 item 5: where the applicant's passport is (with them, sent to the university, with
// EMGS, returned), set by admins and read by the applicant in the status state. It is not a move:
// no history entry, the status's version and time stay (docs/decisions.md, "next22").

export function registerPassportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.post(
    '/ApplicationStatus/passport',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_passport',
        summary: "Set where the applicant's passport is (admins)",
        description:
          'Not a move: no history entry, and the status, its version and its time stay. A missing ' +
          'application (or one not submitted) is a 404.',
        body: ZPassportWhereaboutsUpdate,
        response: { 200: documented(ZApplicationStatusState), ...problems(404) },
      },
    },
    async (req) =>
      inTransaction(db, 'application', async (tx) => {
        const found = await requireApplication(tx, actorOf(req.user!), req.body.studentCourseId);
        await setPassportWhereabouts(tx, found.studentCourseId, req.body.whereabouts);
        return stateOf(tx, found);
      }),
  );
}
