import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readSettings } from '../../settings/store.js';
import { sendReminders } from './send.js';

/** How often the reminders job runs. */
export const REMINDERS_EVERY_MS = 3600_000;

/**
 * Reminders (issue 21 item 5): the recurring job 'reminders.send', run by one process of the
 * cluster each hour on the app's clock, with the admin's settings of that moment.
 */
export const remindersModule = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  app.jobs.define({
    kind: 'reminders.send',
    everyMs: REMINDERS_EVERY_MS,
    leaseMs: 30 * 60_000,
    run: async ({ now }) => sendReminders(db, now, await readSettings(db)),
  });
});
