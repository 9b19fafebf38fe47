import type { StorageDriver } from './driver.js';
import { localDriver } from './local.js';

export type TStorage = {
  /** Where new files go (STORAGE). */
  driver: StorageDriver;
  /** Every driver by name, so a file is read and deleted by the driver that wrote it. */
  all: Record<string, StorageDriver>;
};

/** The drivers for STORAGE; Google Drive comes with the next issue (DESIGN 7). */
export function createStorage(filesDir: string, storage: string): TStorage {
  if (storage !== 'local') throw new Error(`STORAGE=${storage} is not available yet; use STORAGE=local`);
  const local = localDriver(filesDir);
  return { driver: local, all: { local } };
}
