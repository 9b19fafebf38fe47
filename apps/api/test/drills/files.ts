import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { listFiles, multipart } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';

// What the upload drills look at: real uploads over HTTP, the files directory, the files table.

/** A valid PDF of about `size` bytes (a page and a stream of padding), so uploads take real room. */
export const paddedPdf = (size: number): Buffer => pdfFile(size);

/** A certificate upload's multipart body (`/Qualification/upload`, the file first as the spec's client sends it). */
export function certificateUpload(studentId: number, data: Buffer) {
  return multipart([
    { name: 'file', filename: 'certificate.pdf', data, type: 'application/pdf' },
    { name: 'studentId', value: String(studentId) },
  ]);
}

/** Files in the upload spool (FILES_DIR/tmp): a partial upload left behind shows here. */
export const spooled = (filesDir: string) => listFiles(path.join(filesDir, 'tmp'));

/**
 * The files table against the disk: rows whose bytes are missing or of another size, and stored
 * files no row knows (the spool and `ignore` left out).
 */
export async function storedVersusRows(database: Database, filesDir: string, ignore: string[] = []) {
  const result = await database.db.execute<{ id: string; driver_key: string; size: number }>(
    sql`select id, driver_key, size from files`,
  );
  const rows = (result as unknown as { rows: { id: string; driver_key: string; size: string | number }[] })
    .rows;
  const onDisk = new Set(
    listFiles(filesDir).filter((f) => !f.startsWith(`tmp${path.sep}`) && !ignore.includes(f)),
  );
  const rowsWithoutBytes = rows.filter((r) => {
    const file = path.join(filesDir, r.driver_key);
    return !fs.existsSync(file) || fs.statSync(file).size !== Number(r.size);
  });
  const keys = new Set(rows.map((r) => r.driver_key));
  const bytesWithoutRow = [...onDisk].filter((f) => !keys.has(f));
  return { rows: rows.length, rowsWithoutBytes, bytesWithoutRow };
}
