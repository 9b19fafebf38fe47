import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { auth, type drive_v3, drive as driveApi } from '@googleapis/drive';
import type { TDriveSettings } from '../config.js';
import { assertKey, relayDownload, type StorageDriver } from './driver.js';
import { createCaller, DriveMissing, fetchAccessToken, storageUnavailable } from './gdrive-call.js';
import { spoolFileName } from './spool.js';

// Files in Google Drive (DESIGN 7 "Storage drivers"). A service account has no storage quota of
// its own, so the root folder lives in a shared drive and every call says `supportsAllDrives`.
// A folder holds at most 500,000 items and a shared drive 400,000: files go into one folder per
// student under the root (key `<studentId>/<fileId>`: folder named by the student id, file by
// the file id). Drive ids stay inside this driver.

const FOLDER = 'application/vnd.google-apps.folder';
const ALL_DRIVES = { supportsAllDrives: true } as const;
/** How many Drive file ids to remember per process (the id behind each recently used key). */
const KNOWN_FILES = 2000;

export type TRootFolder = { id: string; name: string; sharedDrive: boolean };
export type GDriveDriver = StorageDriver & {
  /** Reads the root folder's metadata: the connection check of the admin page. */
  checkRoot(): Promise<TRootFolder>;
};

type TLog = { warn(obj: object, msg: string): void };

/** A string in Drive's query language (ours hold only letters, digits, '-' and '_'; escaped anyway). */
const quoted = (value: string) => `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;

export function gdriveDriver(settings: TDriveSettings, spool: string, log: TLog): GDriveDriver {
  const drive = driveClient(settings, log);
  const folders = studentFolders(drive);
  const files = fileIndex(drive, folders);
  const adopt = (key: string, localPath: string) => adoptFile(drive, folders, key, localPath);

  return guarded(log, {
    name: 'gdrive',
    adopt,
    async put(key, body: Readable) {
      // Spooled first, so that a retry can send the bytes again.
      const temp = path.join(spool, spoolFileName('gdrive'));
      await fsp.mkdir(spool, { recursive: true });
      try {
        await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
        await adopt(key, temp);
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },
    get: (key) => download(drive, files, key),
    async delete(key) {
      files.forget(key);
      for (const file of await files.filesOf(key)) {
        try {
          await drive.call('files.delete', (signal) =>
            drive.api.files.delete({ fileId: file.id!, ...ALL_DRIVES }, drive.opts(signal)),
          );
        } catch (err) {
          if (!(err instanceof DriveMissing)) throw err;
        }
      }
      files.forget(key);
    },
    async stat(key) {
      // Asked afresh (a download starts here), so a file deleted elsewhere is not found.
      const [file] = await files.filesOf(key);
      return file ? { size: file.size } : null;
    },
    async checkRoot() {
      const info = await drive.checkRoot();
      return { id: info.id ?? drive.root, name: info.name ?? '', sharedDrive: Boolean(info.driveId) };
    },
  });
}

/** The Drive API with our calls' limits, the root folder, and listing within the root's drive. */
function driveClient(settings: TDriveSettings, log: TLog) {
  const oauth = new auth.OAuth2();
  oauth.refreshHandler = () => fetchAccessToken(settings);
  const api: drive_v3.Drive = driveApi({ version: 'v3', auth: oauth });
  const call = createCaller(settings, log, () => oauth.setCredentials({}));
  // Retries are ours (gdrive-call.ts); the library's would retry without our limits. The API
  // root goes on every call: a media upload ignores the client-wide `rootUrl`.
  const rootUrl = settings.apiUrl ? { rootUrl: settings.apiUrl.replace(/\/?$/, '/') } : {};
  const opts = (signal: AbortSignal) => ({ signal, retry: false, retryConfig: { retry: 0 }, ...rootUrl });
  const root = settings.rootFolderId;

  let rootInfo: Promise<drive_v3.Schema$File> | null = null;
  const readRoot = () =>
    call('files.get(root)', async (signal) => {
      const res = await api.files.get(
        { fileId: root, fields: 'id,name,mimeType,driveId', ...ALL_DRIVES },
        opts(signal),
      );
      return res.data;
    });
  /** The root's shared drive, once: lists then search that drive's corpus only. */
  async function corpus() {
    rootInfo ??= readRoot().catch((err) => {
      rootInfo = null;
      throw err;
    });
    const { driveId } = await rootInfo;
    return driveId
      ? { corpora: 'drive', driveId, includeItemsFromAllDrives: true, ...ALL_DRIVES }
      : { includeItemsFromAllDrives: true, ...ALL_DRIVES };
  }
  async function list(what: string, q: string, fields: string) {
    const scope = await corpus();
    return call(what, async (signal) => {
      const res = await api.files.list(
        { q, fields: `files(${fields})`, pageSize: 100, ...scope },
        opts(signal),
      );
      return res.data.files ?? [];
    });
  }
  /** Reads the root afresh (the connection check) and keeps it for the lists. */
  async function checkRoot() {
    const info = await readRoot();
    rootInfo = Promise.resolve(info);
    return info;
  }
  return { api, call, opts, root, settings, log, list, checkRoot };
}
type TDrive = ReturnType<typeof driveClient>;

/** Folder ids by student, found or made once per process. */
function studentFolders(drive: TDrive) {
  const { api, call, opts, root, list } = drive;
  const folders = new Map<string, string>();
  const making = new Map<string, Promise<string>>();
  async function findFolder(student: string) {
    const found = await list(
      'files.list(folder)',
      `name = ${quoted(student)} and ${quoted(root)} in parents and mimeType = '${FOLDER}' and trashed = false`,
      'id,createdTime',
    );
    // Two processes may both make a student's first folder: all of them settle on the oldest.
    found.sort(
      (a, b) => (a.createdTime ?? '').localeCompare(b.createdTime ?? '') || a.id!.localeCompare(b.id!),
    );
    const id = found[0]?.id ?? null;
    if (id) folders.set(student, id);
    return id;
  }
  async function makeFolder(student: string) {
    const existing = await findFolder(student);
    if (existing) return existing;
    await call('files.create(folder)', (signal) =>
      api.files.create(
        {
          requestBody: { name: student, mimeType: FOLDER, parents: [root] },
          fields: 'id',
          ...ALL_DRIVES,
        },
        opts(signal),
      ),
    );
    const made = await findFolder(student);
    if (!made) throw new Error('the new folder is not listed');
    return made;
  }
  /** The student's folder, made on first use: one at a time per student, then looked up again. */
  function folderFor(student: string): Promise<string> {
    const known = folders.get(student);
    if (known) return Promise.resolve(known);
    let pending = making.get(student);
    if (!pending) {
      pending = makeFolder(student).finally(() => making.delete(student));
      making.set(student, pending);
    }
    return pending;
  }
  return {
    folderFor,
    /** The folder known or found (never made): null when the student has none. */
    existing: async (student: string) => folders.get(student) ?? (await findFolder(student)),
    forget: (student: string) => folders.delete(student),
  };
}
type TFolders = ReturnType<typeof studentFolders>;

const splitKey = (key: string) => {
  const [student, name] = assertKey(key).split('/');
  if (!student || !name) throw new Error('a Drive key is <studentId>/<fileId>');
  return { student, name };
};

/** The Drive files behind keys, the recently used ones remembered (a download asks stat, then get). */
function fileIndex(drive: TDrive, folders: TFolders) {
  const known = new Map<string, { id: string; size: number }>();
  const remember = (key: string, file: { id: string; size: number }) => {
    known.delete(key);
    known.set(key, file);
    if (known.size > KNOWN_FILES) known.delete(known.keys().next().value!);
  };
  /** The Drive files stored under `key` (a retried upload may have left two copies). */
  async function filesOf(key: string) {
    const { student, name } = splitKey(key);
    const folder = await folders.existing(student);
    if (!folder) return [];
    const found = await drive.list(
      'files.list(file)',
      `name = ${quoted(name)} and ${quoted(folder)} in parents and trashed = false`,
      'id,size',
    );
    const files = found.map((f) => ({ id: f.id!, size: Number(f.size ?? 0) }));
    if (files[0]) remember(key, files[0]);
    return files;
  }
  return {
    filesOf,
    fileOf: async (key: string) => known.get(key) ?? (await filesOf(key))[0] ?? null,
    forget: (key: string) => known.delete(key),
  };
}
type TFileIndex = ReturnType<typeof fileIndex>;

async function adoptFile(drive: TDrive, folders: TFolders, key: string, localPath: string) {
  const { student, name } = splitKey(key);
  for (let tries = 0; ; tries++) {
    const folder = await folders.folderFor(student);
    try {
      // Each attempt reads the file afresh, so a retried upload sends every byte again.
      await drive.call('files.create(file)', (signal) =>
        drive.api.files.create(
          {
            requestBody: { name, parents: [folder] },
            media: { mimeType: 'application/octet-stream', body: fs.createReadStream(localPath) },
            fields: 'id',
            ...ALL_DRIVES,
          },
          drive.opts(signal),
        ),
      );
      break;
    } catch (err) {
      // The folder went away behind our back: forget it and make it again, once.
      if (!(err instanceof DriveMissing) || tries > 0) throw err;
      folders.forget(student);
    }
  }
  await fsp.rm(localPath, { force: true });
}

async function download(drive: TDrive, files: TFileIndex, key: string) {
  const file = await files.fileOf(key);
  if (!file) return null;
  const idle = new AbortController();
  let body: Readable;
  try {
    body = await drive.call('files.get(media)', async (signal) => {
      const res = await drive.api.files.get(
        { fileId: file.id, alt: 'media', ...ALL_DRIVES },
        { ...drive.opts(AbortSignal.any([signal, idle.signal])), responseType: 'stream' },
      );
      return res.data as unknown as Readable;
    });
  } catch (err) {
    if (!(err instanceof DriveMissing)) throw err;
    files.forget(key);
    return null;
  }
  // The call's time limit ends with the headers; the body may not stall for longer either
  // (relayDownload: a logged 503 before the first byte, a cut-off download after).
  const stall = setTimeout(() => idle.abort(), drive.settings.timeoutMs);
  const watch = new Transform({
    transform(chunk, _enc, done) {
      stall.refresh();
      done(null, chunk);
    },
  });
  watch.once('close', () => clearTimeout(stall));
  return relayDownload(body, watch, (err) => {
    drive.log.warn(
      { call: 'files.get(media)', reason: `${err.name}: ${err.message}`.slice(0, 300) },
      'Google Drive download broke off',
    );
    return storageUnavailable();
  });
}

/** A 404 that escapes (the root folder, a folder gone mid-call) means Drive is not as configured. */
function guarded(log: TLog, driver: GDriveDriver): GDriveDriver {
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await fn(...args);
      } catch (err) {
        if (!(err instanceof DriveMissing)) throw err;
        log.warn(
          { call: err.message },
          'Google Drive: not found (is GDRIVE_ROOT_FOLDER_ID right and shared?)',
        );
        throw storageUnavailable();
      }
    };
  return {
    name: driver.name,
    adopt: wrap(driver.adopt!),
    put: wrap(driver.put),
    get: wrap(driver.get),
    delete: wrap(driver.delete),
    stat: wrap(driver.stat),
    checkRoot: wrap(driver.checkRoot),
  };
}
