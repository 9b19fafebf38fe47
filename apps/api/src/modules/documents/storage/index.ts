import type { TDriveSettings } from '../../../config.js';
import type { StorageDriver } from './driver.js';
import { type GDriveDriver, gdriveDriver } from './gdrive.js';
import { localDriver, spoolDir } from './local.js';

export type TStorage = {
  /** Where new files go (STORAGE). */
  driver: StorageDriver;
  /** Every driver by name, so a file is read and deleted by the driver that wrote it. */
  all: Record<string, StorageDriver>;
  /** Google Drive when configured (GDRIVE_*), also while new files go to the local disk. */
  gdrive: GDriveDriver | null;
};

export type TStorageConfig = { filesDir: string; storage: string; gdrive: TDriveSettings | null };

/** The drivers for STORAGE (config.ts has already checked that gdrive is configured when chosen). */
export function createStorage(
  config: TStorageConfig,
  log: { warn(obj: object, msg: string): void },
): TStorage {
  const local = localDriver(config.filesDir);
  const gdrive = config.gdrive ? gdriveDriver(config.gdrive, spoolDir(config.filesDir), log) : null;
  const all: Record<string, StorageDriver> = { local, ...(gdrive ? { gdrive } : {}) };
  const driver = all[config.storage];
  if (!driver) throw new Error(`STORAGE=${config.storage} needs its settings (see the README)`);
  return { driver, all, gdrive };
}
