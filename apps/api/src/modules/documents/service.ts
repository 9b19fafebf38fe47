import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { TActor } from '../../resources/scope.js';
import type { StorageDriver } from '../../storage/driver.js';
import type { GDriveDriver } from '../../storage/gdrive.js';
import type { TStorage } from '../../storage/index.js';
import { spoolDir } from '../../storage/local.js';
import { checkUpload } from './file-check.js';
import { displayNameOf } from './names.js';
import {
  documentTypeExists,
  insertFile,
  releaseFiles,
  resolveStudent,
  saveDocument,
  type TUploadQuota,
} from './repository.js';
import { scanUpload, type TScanner } from './scan.js';
import { purgeReleased, type TSweepDeps } from './sweep.js';
import type { TSpooled } from './upload.js';

export type TDocumentsDeps = TSweepDeps & {
  driver: StorageDriver;
  gdrive: GDriveDriver | null;
  scanner: TScanner | null;
  /** What one account may hold unattached (UPLOAD_UNATTACHED_MAX_MB); null: unbounded. */
  quota: TUploadQuota | null;
};

/** What the module's routes and sweep work with: the app's storage (one per app) and settings. */
export function documentsDeps(
  storage: TStorage,
  config: { filesDir: string; clamd?: TScanner | null; uploadQuota?: TUploadQuota },
  db: TDocumentsDeps['db'],
  log: TDocumentsDeps['log'],
): TDocumentsDeps {
  const { driver, all, gdrive } = storage;
  return {
    db,
    driver,
    drivers: all,
    gdrive,
    spool: spoolDir(config.filesDir),
    log,
    scanner: config.clamd ?? null,
    quota: config.uploadQuota ?? null,
  };
}
export type TUploadTarget = {
  studentId?: number;
  userName?: string;
  documentTypeId?: number;
  /** The caller puts the file into a record at once (a document slot, a requested document). */
  attaching?: boolean;
};
export type TStored = { studentId: number; fileId: string; fileName: string };

export const studentNotFound = () => notFound('This student was not found.');

/**
 * Checks a spooled upload (student in scope, type by name and content) and moves it into storage
 * under a new fileId. The row is written first: if the process dies before the move, the sweep
 * finds a row without bytes and removes it; the reverse would leave bytes nobody knows about.
 */
export async function storeUpload(
  deps: TDocumentsDeps,
  actor: TActor & { email: string },
  spooled: TSpooled,
  target: TUploadTarget,
): Promise<TStored> {
  const studentId = await resolveStudent(deps.db, actor, target);
  if (studentId === null) throw studentNotFound();
  // SECURITY 28: every upload is scanned first (malware is refused whatever it claims to be);
  // without the scanner's answer nothing is stored.
  await scanUpload(deps.scanner, deps.log, spooled.path, actor.id);
  const fileName = displayNameOf(spooled.clientName, 'bin');
  const check = await checkUpload(spooled.path, fileName);
  if (!check.ok) throw new AppError(400, 'Bad Request', check.reason, undefined, check.code, check.params);

  const fileId = randomUUID();
  const key = `${studentId}/${fileId}`;
  const { driver } = deps;
  await insertFile(
    deps.db,
    {
      id: fileId,
      studentId,
      displayName: fileName,
      size: spooled.size,
      contentType: check.contentType,
      driver: driver.name,
      driverKey: key,
      uploadedBy: actor.id,
    },
    target.attaching ? null : deps.quota,
  );
  try {
    if (driver.adopt) await driver.adopt(key, spooled.path);
    else await driver.put(key, fs.createReadStream(spooled.path));
  } catch (err) {
    // A remote storage that has just failed would most likely fail the delete too, after another
    // time limit: the row is only released then, and the sweep removes whatever reached the
    // storage. The local disk answers at once: the row goes now.
    if (err instanceof AppError && err.code === 'storageUnavailable' && driver.name !== 'local')
      await releaseFiles(deps.db, studentId, [fileId]);
    else await discard(deps, studentId, [fileId]);
    throw err;
  }
  return { studentId, fileId, fileName };
}

/** Releases the files and removes them now; what fails here is left to the sweep. */
export async function discard(deps: TDocumentsDeps, studentId: number, fileIds: string[]) {
  const released = await releaseFiles(deps.db, studentId, fileIds);
  await purgeNow(deps, released);
}

export async function purgeNow(deps: TDocumentsDeps, fileIds: string[]) {
  await purgeReleased(deps, fileIds).catch((err: Error) =>
    deps.log.error({ err: err.message }, 'file delete failed; retried at the next sweep'),
  );
}

/** `/Document/upload`: the file becomes the student's document of that type (replacing one). */
export async function uploadDocument(
  deps: TDocumentsDeps,
  actor: TActor & { email: string },
  spooled: TSpooled,
  target: TUploadTarget & { documentTypeId: number },
) {
  // DocumentTypeId 0 means "not one of the slots": it has no document row to go in.
  if (target.documentTypeId === 0 || !(await documentTypeExists(deps.db, target.documentTypeId))) {
    throw badRequest('Choose the document type (DocumentTypeId).');
  }
  const stored = await storeUpload(deps, actor, spooled, { ...target, attaching: true });
  let saved: Awaited<ReturnType<typeof saveDocument>>;
  try {
    saved = await saveDocument(deps.db, { ...stored, documentTypeId: target.documentTypeId });
  } catch (err) {
    await discard(deps, stored.studentId, [stored.fileId]);
    throw err;
  }
  await purgeNow(deps, saved.released);
  return { id: saved.id, docPath: stored.fileId, fileId: stored.fileId, fileName: stored.fileName };
}

/** Removes the spool file if it is still there (it is gone once moved into storage). */
export const removeSpooled = (spooled: TSpooled) => fsp.rm(spooled.path, { force: true });
