import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TActor } from '../../resources/scope.js';
import { releaseFiles } from '../documents/repository.js';
import { discard, purgeNow, removeSpooled, storeUpload, type TDocumentsDeps } from '../documents/service.js';
import { spoolUpload } from '../documents/upload.js';
import { withChanges } from './events.js';
import { listRequests } from './repository.js';
import { answerRequest, requireRequest } from './service.js';

/**
 * Answers a document request with the uploaded file: stores it as a new file attached to the
 * request, records the answer (and releases the file it replaced), and removes the stored file
 * again when the answer fails.
 */
export async function answerWithUpload(
  app: FastifyInstance,
  deps: TDocumentsDeps,
  req: FastifyRequest,
  actor: TActor & { email: string },
  requestId: number,
) {
  // A foreign or missing request is refused before the body is read.
  const target = await requireRequest(app.database.db, actor, requestId);
  const spooled = await spoolUpload(req, deps.spool, app.config.uploadMaxBytes, app.config.uploadStallMs);
  let stored: Awaited<ReturnType<typeof storeUpload>>;
  try {
    stored = await storeUpload(deps, actor, spooled, { studentId: target.studentId, attaching: true });
  } finally {
    await removeSpooled(spooled);
  }
  let released: string[] = [];
  try {
    const result = await withChanges(app, async (tx, changes) => {
      const answered = await answerRequest(tx, changes, actor, requestId, stored.fileId);
      if (answered.replaced) released = await releaseFiles(tx, stored.studentId, [answered.replaced]);
      const [request] = await listRequests(tx, actor, { studentCourseId: target.studentCourseId }).then(
        (rows) => rows.filter((r) => r.id === requestId),
      );
      return { request: request!, state: answered.state };
    });
    await purgeNow(deps, released);
    return result;
  } catch (err) {
    await discard(deps, stored.studentId, [stored.fileId]);
    throw err;
  }
}
