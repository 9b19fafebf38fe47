import fs from 'node:fs';
import path from 'node:path';
import { OpsError } from './ops.js';

// A backup is one directory: manifest.json, the database (database.pgdump from pg_dump, or
// database.tar.gz, PGlite's own dump of its data directory), files/<key> (the stored files the
// database refers to) and outbox/<name> (the status mails written in outbox mode).

export const MANIFEST = 'manifest.json';
export const FORMAT = 'uniapply-backup/1';

export type TEntry = { size: number; sha256: string };
export type TManifest = {
  format: typeof FORMAT;
  createdAt: string;
  database: { kind: 'postgres' | 'pglite'; file: string } & TEntry;
  /** Every table's row count when the backup's snapshot was taken (`schema.table`). */
  tables: Record<string, number>;
  /** The stored files, by the key the database refers to them by. */
  files: ({ id: string; key: string } & TEntry)[];
  outbox: ({ name: string } & TEntry)[];
};

export function readManifest(dir: string): TManifest {
  const file = path.join(dir, MANIFEST);
  let manifest: TManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as TManifest;
  } catch (err) {
    throw new OpsError(`${file}: not a readable backup manifest (${(err as Error).message})`);
  }
  if (manifest.format !== FORMAT)
    throw new OpsError(`${file}: not a backup of this portal (format ${manifest.format})`);
  return manifest;
}

/** A backup's relative path, checked to stay inside the backup (the manifest is input too). */
export function inside(dir: string, ...parts: string[]): string {
  const full = path.resolve(dir, ...parts);
  if (!full.startsWith(path.resolve(dir) + path.sep))
    throw new OpsError(`${parts.join('/')}: outside the backup`);
  return full;
}
