import {
  ZMarkedIds,
  ZMarkNotified,
  ZMarkUserNotificationsRead,
  ZUserNotificationList,
} from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documented, problems } from '../../http/openapi.js';
import { listOwn, markOwnRead } from '../../notify/stored.js';
import { createHub } from './hub.js';
import { markNotified } from './repository.js';

/** The live notification hub and the admin Notification screen's "mark what I showed". */
export async function notificationsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = await createHub(app);
  app.events.on('notificationsCreated', (created) => hub.notifyAdmins(created));
  app.events.on('applicationsChanged', (changes) => hub.applicationsChanged(changes));
  app.events.on('userNotificationsCreated', (created) => hub.userNotified(created));

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
        response: { 200: documented(ZMarkedIds), ...problems(400) },
      },
    },
    async (req) => {
      const ids = await markNotified(app.database.db, req.body.ids);
      if (ids.length) hub.notificationsRead(ids);
      return { ids };
    },
  );

  // Issue 18: the stored notifications of students and agents, each account its own only.
  app.get(
    '/UserNotification/list',
    {
      config: { access: ['Student', 'Agent'] },
      schema: {
        tags: ['Notification'],
        operationId: 'UserNotification_list',
        summary: "The caller's own notifications, newest first (Student, Agent)",
        description:
          'At most 100, newest first, each naming the application (course, university, student) it is ' +
          "about, with how many of all the caller's notifications are unread. Stored in the " +
          "change's transaction; the live `UserNotification` event is a copy of the stored row.",
        response: { 200: documented(ZUserNotificationList) },
      },
    },
    async (req) => listOwn(app.database.db, req.user!.id),
  );

  app.post(
    '/UserNotification/markRead',
    {
      config: { access: ['Student', 'Agent'] },
      schema: {
        tags: ['Notification'],
        operationId: 'UserNotification_markRead',
        summary: 'Mark exactly these of my notifications as read (Student, Agent)',
        description:
          'Sets readAt for the given ids (the ones the Notifications page showed, never "all"). ' +
          "Another account's id is left alone, exactly like a missing one.",
        body: ZMarkUserNotificationsRead,
        response: { 200: documented(ZMarkedIds), ...problems(400) },
      },
    },
    async (req) => ({ ids: await markOwnRead(app.database.db, req.user!.id, req.body.ids) }),
  );
}
