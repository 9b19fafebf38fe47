import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, onStorage, type StorageDriver } from './driver.js';

/** The spool for uploads in progress, inside FILES_DIR so the final rename stays on one filesystem. */
export const spoolDir = (filesDir: string) => path.join(filesDir, 'tmp');

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under FILES_DIR/<studentId>/<fileId>. Keys are checked against a strict pattern, so no key
 * can climb out of the directory; the directory is never served statically (downloads go through
 * the authorised route only).
 */
export function localDriver(filesDir: string): StorageDriver {
  const root = path.resolve(filesDir);
  const pathOf = (key: string) => path.join(root, assertKey(key));

  // Writes fail as the user's problem when the disk is full or read-only (storageFault).
  async function adopt(key: string, localPath: string) {
    const target = pathOf(key);
    await onStorage(async () => {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(localPath, target);
    });
  }

  return {
    name: 'local',
    adopt,
    async put(key, body: Readable) {
      const temp = path.join(spoolDir(root), `${randomUUID()}.put`);
      try {
        await onStorage(async () => {
          await fsp.mkdir(path.dirname(temp), { recursive: true });
          await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
        });
        await adopt(key, temp);
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },
    async get(key) {
      try {
        const handle = await fsp.open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async stat(key) {
      try {
        const s = await fsp.stat(pathOf(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async isEmpty() {
      // The spool (tmp/) holds uploads in progress, not stored files.
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((err) => {
        if (isMissing(err)) return [];
        throw err;
      });
      const spool = spoolDir(root) + path.sep;
      return !entries.some((d) => !d.isDirectory() && !path.join(d.parentPath, d.name).startsWith(spool));
    },
  };
}
