import { ZIntakeAvailabilityList, ZIntakeAvailabilityQuery } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documented } from '../../http/openapi.js';
import { intakeAvailability } from './availability.js';

/**
 * Intakes as applicants choose them (issue 21 item 3). The intakes themselves are a catalogue
 * resource (`/Intake`, the generic engine); their availability depends on the clock and on the
 * applications, so it is its own call, never part of the cached catalogue lists.
 */
export async function intakesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/IntakeAvailability',
    {
      // The catalogue is for signed-in users only (spec 2.2: the course list is a Student screen;
      // the wizard's picker serves students, agents and admins).
      config: { access: 'signedIn' },
      schema: {
        tags: ['Intake'],
        operationId: 'IntakeAvailability_get',
        summary: "The courses' coming intakes with their state, seats left and latest safe date (signed in)",
        description:
          'For each listed university course (`universityCourseIds`, comma-separated, at most 50): the ' +
          'intakes not started yet, the next first (at most 6 a course), each with its state at the ' +
          "app's clock (open, late, full, past, closed), the seats left when capped (submitted " +
          'applications not withdrawn, rejected or lapsed take one) and the latest safe date to submit ' +
          '(`safeSubmitLeadWeeks` before the start, never after the deadline). Not cached.',
        querystring: ZIntakeAvailabilityQuery,
        response: { 200: documented(ZIntakeAvailabilityList) },
      },
    },
    async (req) => ({
      result: await intakeAvailability(app.database.db, req.query.universityCourseIds, app.clock.now()),
    }),
  );
}
