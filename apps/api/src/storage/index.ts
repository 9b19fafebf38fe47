import type { TDriveSettings, TS3Settings } from '../config.js';
import type { StorageDriver } from './driver.js';
import type { GDriveDriver } from './gdrive.js';
import { localDriver, spoolDir } from './local.js';

export type TStorage = {
  /** Where new files go (STORAGE). */
  driver: StorageDriver;
  /** Every driver by name, so a file is read and deleted by the driver that wrote it. */
  all: Record<string, StorageDriver>;
  /** Google Drive when configured (GDRIVE_*), also while new files go to the local disk. */
  gdrive: GDriveDriver | null;
};

export type TStorageConfig = {
  filesDir: string;
  storage: string;
  gdrive: TDriveSettings | null;
  s3: TS3Settings | null;
};

/**
 * The drivers for STORAGE (config.ts has already checked that the chosen one is configured). The
 * Drive and S3 client libraries (about 30 MB resident) are loaded only when they are configured.
 */
export async function createStorage(
  config: TStorageConfig,
  log: { warn(obj: object, msg: string): void },
): Promise<TStorage> {
  const local = localDriver(config.filesDir);
  const gdrive = config.gdrive
    ? (await import('./gdrive.js')).gdriveDriver(config.gdrive, spoolDir(config.filesDir), log)
    : null;
  const s3 = config.s3 ? (await import('./s3.js')).s3Driver(config.s3, log) : null;
  const all: Record<string, StorageDriver> = { local, ...(gdrive ? { gdrive } : {}), ...(s3 ? { s3 } : {}) };
  const driver = all[config.storage];
  if (!driver) throw new Error(`STORAGE=${config.storage} needs its settings (see the README)`);
  return { driver, all, gdrive };
}
