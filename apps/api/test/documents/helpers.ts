import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../app.js';
import type { TWho } from '../resources/helpers.js';

// An app with its own FILES_DIR and a small upload limit, and a multipart request builder.

export const UPLOAD_MAX_MB = '0.05';
export const MAX_BYTES = Math.floor(0.05 * 1024 * 1024);

export async function createDocsApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestApp & { filesDir: string }> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-files-'));
  const t = await createTestApp({ FILES_DIR: filesDir, UPLOAD_MAX_MB, ...env }, options);
  await seedReferenceData(t.database.db); // the four document types, as the server does at start
  return {
    ...t,
    filesDir,
    close: async () => {
      await t.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir`, relative, sorted (directories are not listed). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();
}

export type TPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body in the order given (the spec's client sends the file first). */
export function multipart(parts: TPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----uniapply${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'value' in p
        ? `Content-Disposition: form-data; name="${p.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
          `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`, 'utf8'));
    chunks.push('value' in p ? Buffer.from(p.value, 'utf8') : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type TUpload = {
  file?: { filename: string; data: Buffer };
  fields?: Record<string, string | number | undefined>;
  query?: string;
  fieldsFirst?: boolean;
};

/** POSTs an upload to `/api{route}` as `who`; the file goes first unless `fieldsFirst`. */
export async function upload(t: TestApp, who: TWho, route: string, u: TUpload) {
  const fields = Object.entries(u.fields ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, value: String(v) }));
  const file = u.file ? [{ name: 'file', ...u.file }] : [];
  const { payload, headers } = multipart(u.fieldsFirst ? [...fields, ...file] : [...file, ...fields]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${route}${u.query ? `?${u.query}` : ''}`,
    headers: { ...headers, ...(who?.headers ?? {}) },
    payload,
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, res };
}

export async function download(t: TestApp, who: TWho, fileId: string) {
  return t.app.inject({
    url: `/api/Document/downloadByFileId/${encodeURIComponent(fileId)}`,
    headers: who?.headers ?? {},
  });
}

export async function remove(t: TestApp, who: TWho, url: string) {
  const res = await t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: who?.headers ?? {} });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}
