import { ZMarkNotified } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented, problems } from '../../http/openapi.js';
import { createHub } from './hub.js';
import { markNotified } from './repository.js';

const ZMarked = z.object({
  ids: z.array(z.number().int()).describe('The ids that were unread and are now notified.'),
});

/** The live notification hub and the admin Notification screen's "mark what I showed". */
export async function notificationsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = await createHub(app);
  app.events.on('notificationsCreated', (created) => hub.notifyAdmins(created));
  app.events.on('applicationsChanged', (changes) => hub.applicationsChanged(changes));

  app.post(
    '/Notification/markNotified',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['Notification'],
        operationId: 'Notification_markNotified',
        summary: 'Mark exactly these notifications as notified (Admin)',
        description:
          'Sets isNotified for the given ids (the ones the Notification screen showed, never "all"), ' +
          'then tells every admin tab through the hub (`NotificationsRead { ids }`) so their bells clear.',
        body: ZMarkNotified,
        response: { 200: documented(ZMarked), ...problems(400) },
      },
    },
    async (req) => {
      const ids = await markNotified(app.database.db, req.body.ids);
      if (ids.length) hub.notificationsRead(ids);
      return { ids };
    },
  );
}
