import { ZApplicationStatusState, ZPassportWhereaboutsUpdate } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documented, problems } from '../../http/openapi.js';
import { actorOf } from '../../resources/scope.js';
import { withChanges } from './events.js';
import { setPassportWhereabouts, stateOf } from './repository.js';
import { requireApplication } from './service.js';

// Issue 22 item 5: where the applicant's passport is (with them, sent to the university, with
// EMGS, returned), set by admins and read by the applicant in the status state. It is not a move:
// no history entry, the status's version and time stay (docs/decisions.md, "next22"). A move to
// another place tells the applicant side (a stored notification `passportMoved`, live to the bell).

export function registerPassportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ApplicationStatus/passport',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_passport',
        summary: "Set where the applicant's passport is (admins)",
        description:
          'Not a move: no history entry, and the status, its version and its time stay. A new place ' +
          'stores a `passportMoved` notification for the managing account (the student or the owning ' +
          'agent) with `from` and `to`; the same place again tells nobody. A missing ' +
          'application (or one not submitted) is a 404.',
        body: ZPassportWhereaboutsUpdate,
        response: { 200: documented(ZApplicationStatusState), ...problems(404) },
      },
    },
    async (req) =>
      withChanges(app, async (tx, changes) => {
        const actor = actorOf(req.user!);
        const found = await requireApplication(tx, actor, req.body.studentCourseId);
        const to = req.body.whereabouts;
        const from = await setPassportWhereabouts(tx, found.studentCourseId, to);
        // The applicant side is told of a move (a stored notification, the bell), not of the same place.
        if (from !== to)
          await changes.record(tx, {
            kind: 'passportMoved',
            ...found,
            from,
            to,
            byUserId: actor.id,
            at: app.clock.now().toISOString(),
          });
        return stateOf(tx, found);
      }),
  );
}
