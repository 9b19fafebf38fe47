import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { readSettings } from '../../settings/store.js';
import { cleanSpool } from '../../storage/spool.js';
import { registerDeleteRoutes } from './delete-routes.js';
import { registerDownloadRoutes } from './download-routes.js';
import { registerDriveCheck } from './drive-check.js';
import { extendRecordsWithFiles } from './record-files.js';
import { documentsDeps, type TDocumentsDeps } from './service.js';
import { SWEEP_INTERVAL_MS, sweepFiles } from './sweep.js';
import { registerUploadRoutes } from './upload-routes.js';

// Uploads and downloads of spec 7.3 (DESIGN 6 "Files"), for every role within its scope: a student
// their own profile's files, an agent their students', an admin all. Another owner's file or row
// answers exactly like a missing one. One file per route group; the work behind them: service.ts.

export async function documentsModule(fastify: FastifyInstance) {
  const { config, database } = fastify;
  const deps = documentsDeps(fastify.storage, config, database.db, fastify.log);

  await fastify.register(multipart, { throwFileSizeLimit: true });
  // Before the resource routes are built (app.ts registers this module before them).
  extendRecordsWithFiles(fastify.resources, deps);

  registerUploadRoutes(fastify, deps);
  registerDeleteRoutes(fastify, deps);
  registerDownloadRoutes(fastify, deps);
  registerDriveCheck(fastify, deps.gdrive);

  // SECURITY 28: a production portal should scan uploads; without clamd it runs, but says so.
  if (config.env === 'production' && !config.clamd) {
    fastify.log.warn(
      { event: 'no-malware-scanner' },
      'CLAMD_SOCKET is not set: uploads are stored without a malware scan',
    );
  }
  await cleanSpoolAtStartUp(fastify, deps);
  defineSweep(fastify, deps);
}

/** What a process killed mid-upload left in the spool goes now, not at the first hourly sweep. */
async function cleanSpoolAtStartUp(app: FastifyInstance, deps: TDocumentsDeps) {
  const spoolRemoved = await cleanSpool(deps.spool, { startUp: true }).catch((err: Error) => {
    app.log.error({ err: err.message }, 'spool clean-up at start-up failed');
    return 0;
  });
  if (spoolRemoved) app.log.info({ spoolRemoved }, 'removed uploads cut off by an earlier process');
}

/** The sweep of unreferenced files, a recurring job: one process of the cluster runs it each time. */
function defineSweep(app: FastifyInstance, deps: TDocumentsDeps) {
  app.jobs.define({
    kind: 'files.sweep',
    everyMs: SWEEP_INTERVAL_MS,
    leaseMs: 30 * 60_000,
    run: async ({ now }) => {
      const { unattachedUploadHours } = await readSettings(deps.db);
      return sweepFiles(deps, now, unattachedUploadHours * 3600_000);
    },
  });
}
