import { ZSettings, ZSettingsUpdate, ZStageDurations } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problems } from '../../http/openapi.js';
import { readSettings, writeSettings } from '../../settings/store.js';

/**
 * The operational settings (issue 19 item 4) an admin reads and changes at /Admin/Settings: every
 * value with its default filled in; a change sends them all, each checked against its bounds.
 */
export async function settingsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  app.get(
    '/Settings',
    {
      schema: {
        tags: ['settings'],
        operationId: 'Settings_get',
        summary: 'The operational settings, defaults filled in (Admin)',
        response: { 200: ZSettings },
      },
      config: { access: ['Admin'] },
    },
    async () => readSettings(database.db),
  );

  // Issue 22 item 5: the typical durations of the stages after acceptance are the applicants' too
  // (their status card's expected dates); only these, never the rest of the settings.
  app.get(
    '/Settings/stageDurations',
    {
      schema: {
        tags: ['settings'],
        operationId: 'Settings_stageDurations',
        summary: 'The typical days of each stage after acceptance (every signed-in user)',
        response: { 200: ZStageDurations },
      },
      config: { access: 'signedIn' },
    },
    async () => ZStageDurations.parse(await readSettings(database.db)),
  );

  app.put(
    '/Settings',
    {
      schema: {
        tags: ['settings'],
        operationId: 'Settings_update',
        summary: 'Changes the operational settings: every value, each within its bounds (Admin)',
        body: ZSettingsUpdate,
        response: { 200: ZSettings, ...problems(400) },
      },
      config: { access: ['Admin'] },
    },
    async (request) => {
      await writeSettings(database.db, request.body, request.user!.id, app.clock.now());
      return readSettings(database.db);
    },
  );
}
