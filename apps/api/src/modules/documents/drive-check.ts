import { ZRootFolder } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import type { GDriveDriver } from '../../storage/gdrive.js';

// The admin's Google Drive check (spec 2.3 "Google-drive check page", 7.3 find-root-folder):
// reads the root folder's metadata through the configured service account.

export const driveNotConfigured = () =>
  new AppError(
    503,
    'Service Unavailable',
    'Google Drive is not configured on this server (GDRIVE_CREDENTIALS_FILE and GDRIVE_ROOT_FOLDER_ID).',
    undefined,
    'driveNotConfigured',
  );

export function registerDriveCheck(fastify: FastifyInstance, gdrive: GDriveDriver | null) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/Document/find-root-folder',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['Document'],
        operationId: 'Document_findRootFolder',
        summary: 'Check the Google Drive connection and return the root folder id (admins)',
        description:
          'A 503 problem says why not: `driveNotConfigured` when the server has no Drive settings, ' +
          '`storageUnavailable` when Drive cannot be reached or refuses the service account.',
        response: { 200: documented(ZRootFolder), ...problems(503) },
      },
    },
    async () => {
      if (!gdrive) throw driveNotConfigured();
      const root = await gdrive.checkRoot();
      return {
        rootFolderId: root.id,
        name: root.name,
        sharedDrive: root.sharedDrive,
        storage: app.config.storage,
      };
    },
  );
}
