import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { AppError } from '../../src/http/errors.js';
import { type GDriveDriver, gdriveDriver } from '../../src/storage/gdrive.js';
import { MAX_ATTEMPTS } from '../../src/storage/gdrive-call.js';
import { DriveStandIn } from './gdrive-stand-in.js';

// The Google Drive driver against a local stand-in of Drive v3 and Google's token endpoint.

let drive: DriveStandIn;
let spool: string;
const warnings: { obj: object; msg: string }[] = [];
const log = {
  warn: (obj: object, msg: string) => {
    if (process.env.DEBUG_GDRIVE) console.log(msg, obj);
    warnings.push({ obj, msg });
  },
};

function driverFor(env: Record<string, string> = {}): GDriveDriver {
  const config = readConfig({ NODE_ENV: 'test', STORAGE: 'gdrive', ...drive.env(env) });
  return gdriveDriver(config.gdrive!, spool, log);
}
const key = (student: number | string) => `${student}/${randomUUID()}`;
const bytes = (n: number) => randomBytes(n);
const read = async (d: GDriveDriver, k: string) => {
  const stream = await d.get(k);
  return stream ? buffer(stream) : null;
};
/** What a failed call was turned into: the problem the API answers with. */
async function problemOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return {
    status: (err as AppError).status,
    code: (err as AppError).code,
    message: (err as AppError).message,
  };
}

beforeAll(async () => {
  drive = await new DriveStandIn().start();
  spool = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-gdrive-spool-'));
});
afterAll(async () => {
  await drive?.close();
  fs.rmSync(spool, { recursive: true, force: true });
});
afterEach(() => {
  drive.hang = false;
  drive.latencyMs = 0;
  drive.stallMediaAfter = null;
});

describe('put, get, stat and delete', () => {
  it('round-trips the bytes through a folder named by the student, under the root', async () => {
    const d = driverFor();
    const k = key(101);
    const data = bytes(300_000);
    await d.put(k, Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
    expect(await d.stat(k)).toEqual({ size: data.length });
    expect(await read(d, k)).toEqual(data);

    const [folder] = drive.folders().filter((f) => f.name === '101');
    expect(folder?.parents).toEqual([drive.rootFolderId]);
    const stored = drive.childrenOf(folder!.id);
    expect(stored.map((f) => f.name)).toEqual([k.split('/')[1]]);
    expect(stored[0]!.data).toEqual(data);

    await d.delete(k);
    expect(await d.stat(k)).toBeNull();
    expect(await d.get(k)).toBeNull();
    expect(drive.childrenOf(folder!.id)).toEqual([]);
    await d.delete(k); // a missing file is not an error
    // Nothing is left in the spool.
    expect(fs.readdirSync(spool)).toEqual([]);
  });

  it('takes over a spooled file with adopt, and answers null for unknown keys', async () => {
    const d = driverFor();
    const k = key(102);
    const file = path.join(spool, 'upload.part');
    fs.writeFileSync(file, 'adopted bytes');
    await d.adopt!(k, file);
    expect(fs.existsSync(file)).toBe(false);
    expect((await read(d, k))?.toString()).toBe('adopted bytes');
    expect(await d.stat(key(102))).toBeNull();
    expect(await d.stat(key(999_999))).toBeNull(); // no folder for that student at all
  });

  it('signs in once with a signed JWT and says supportsAllDrives on every call', async () => {
    const d = driverFor();
    const before = drive.calls.length;
    const tokensBefore = drive.tokenRequests;
    const k = key(103);
    await d.put(k, Readable.from([Buffer.from('x')]));
    await read(d, k);
    await d.delete(k);
    expect(drive.tokenRequests - tokensBefore).toBe(1);
    const calls = drive.calls.slice(before).filter((c) => c.path !== '/token');
    expect(calls.length).toBeGreaterThanOrEqual(6);
    for (const c of calls) expect(c.query.get('supportsAllDrives'), `${c.method} ${c.path}`).toBe('true');
    for (const c of calls.filter((c) => c.method === 'GET' && c.path === '/drive/v3/files')) {
      expect(c.query.get('includeItemsFromAllDrives')).toBe('true');
      expect(c.query.get('corpora')).toBe('drive');
    }
  });
});

describe('signing in again', () => {
  it('signs in afresh once when Drive stops accepting the token', async () => {
    const d = driverFor();
    const k = key(104);
    await d.put(k, Readable.from(['before']));
    drive.revokeTokens();
    const before = drive.tokenRequests;
    expect((await read(d, k))?.toString()).toBe('before');
    expect(drive.tokenRequests - before).toBe(1);
  });
});

describe('one folder per student', () => {
  it('puts every file of a student into the same folder and each student into their own', async () => {
    const d = driverFor();
    const keys = [key(201), key(201), key(202)];
    for (const k of keys) await d.put(k, Readable.from([Buffer.from(k)]));
    const f201 = drive.folders().filter((f) => f.name === '201');
    const f202 = drive.folders().filter((f) => f.name === '202');
    expect(f201).toHaveLength(1);
    expect(f202).toHaveLength(1);
    expect(drive.childrenOf(f201[0]!.id)).toHaveLength(2);
    expect(drive.childrenOf(f202[0]!.id)).toHaveLength(1);
  });

  it('makes one folder when a student’s first uploads arrive together', async () => {
    const d = driverFor();
    drive.latencyMs = 20; // the calls overlap
    const keys = Array.from({ length: 6 }, () => key(301));
    await Promise.all(keys.map((k) => d.put(k, Readable.from([Buffer.from(k)]))));
    const folders = drive.folders().filter((f) => f.name === '301');
    expect(folders).toHaveLength(1);
    expect(drive.childrenOf(folders[0]!.id)).toHaveLength(6);
    for (const k of keys) expect((await read(d, k))?.toString()).toBe(k);
  });

  it('lets two processes racing to make a folder settle on the same (oldest) one', async () => {
    const a = driverFor();
    const b = driverFor();
    drive.latencyMs = 20;
    const ka = key(302);
    const kb = key(302);
    await Promise.all([a.put(ka, Readable.from(['from a'])), b.put(kb, Readable.from(['from b']))]);
    const folders = drive.folders().filter((f) => f.name === '302');
    const used = folders.filter((f) => drive.childrenOf(f.id).length > 0);
    expect(used).toHaveLength(1);
    expect(drive.childrenOf(used[0]!.id)).toHaveLength(2);
    // Each process reads what the other wrote.
    expect((await read(a, kb))?.toString()).toBe('from b');
    expect((await read(b, ka))?.toString()).toBe('from a');
  });
});

describe('rate limits, errors and time limits', () => {
  const uploads = (c: { method: string; path: string }) => c.path === '/upload/drive/v3/files';

  it('retries 403 userRateLimitExceeded, 403 rateLimitExceeded, 429 and 503, then stores the file', async () => {
    const d = driverFor();
    const k = key(401);
    await d.put(k, Readable.from(['warm-up'])); // the folder exists, so only uploads fail below
    const k2 = key(401);
    drive.failNext(1, 403, 'userRateLimitExceeded', uploads);
    drive.failNext(1, 429, 'rateLimitExceeded', uploads);
    drive.failNext(1, 403, 'rateLimitExceeded', uploads);
    drive.failNext(1, 503, 'backendError', uploads);
    const before = drive.calls.filter(uploads).length;
    const data = bytes(50_000);
    await d.put(k2, Readable.from([data]));
    expect(drive.calls.filter(uploads).length - before).toBe(5);
    expect(await read(d, k2)).toEqual(data); // each attempt sent every byte again
    const folder = drive.folders().find((f) => f.name === '401')!;
    expect(drive.childrenOf(folder.id)).toHaveLength(2); // the failed attempts stored nothing
  });

  it('gives up after the bounded attempts with a 503 storageUnavailable', async () => {
    const d = driverFor();
    const reads = (c: { method: string; path: string }) => c.method === 'GET';
    drive.failNext(MAX_ATTEMPTS, 429, 'rateLimitExceeded', reads);
    const before = drive.calls.filter(reads).length;
    expect(await problemOf(d.stat(key(402)))).toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect(drive.calls.filter(reads).length - before).toBe(MAX_ATTEMPTS);
  });

  it('does not retry a refusal (403 without a rate reason)', async () => {
    const d = driverFor();
    await d.put(key(403), Readable.from(['warm-up']));
    drive.failNext(1, 403, 'insufficientFilePermissions', uploads);
    const before = drive.calls.filter(uploads).length;
    expect(await problemOf(d.put(key(403), Readable.from(['x'])))).toMatchObject({
      status: 503,
      code: 'storageUnavailable',
    });
    expect(drive.calls.filter(uploads).length - before).toBe(1);
  });

  it('turns a Drive that never answers into a 503 within the time limit, not a hang', async () => {
    const d = driverFor({ GDRIVE_TIMEOUT_MS: '300' });
    drive.hang = true;
    const t0 = Date.now();
    const problem = await problemOf(d.put(key(404), Readable.from(['x'])));
    expect(problem).toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect(problem.message).toMatch(/Google Drive/);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(fs.readdirSync(spool)).toEqual([]);
    expect(warnings.some((w) => /timed out/.test(w.msg))).toBe(true);
  });

  it('ends a download that stalls mid-way with an error after the time limit', async () => {
    const d = driverFor({ GDRIVE_TIMEOUT_MS: '300' });
    const k = key(407);
    await d.put(k, Readable.from([bytes(100_000)]));
    drive.stallMediaAfter = 10_000;
    const stream = await d.get(k);
    const t0 = Date.now();
    expect(await problemOf(buffer(stream!))).toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(warnings.at(-1)?.msg).toBe('Google Drive download broke off');
  });

  it('retries a refused connection, then answers 503', async () => {
    const closed = await new DriveStandIn().start();
    const url = closed.url;
    await closed.close();
    const d = driverFor({ GDRIVE_API_URL: url });
    const t0 = Date.now();
    expect(await problemOf(d.stat(key(406)))).toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(warnings.at(-1)).toMatchObject({ obj: { attempt: MAX_ATTEMPTS } });
    expect(JSON.stringify(warnings.at(-1))).toMatch(/ECONNREFUSED/);
  });

  it('refuses a key that does not sign in (wrong private key), without retrying', async () => {
    const other = (await import('node:crypto')).generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const d = driverFor({ GDRIVE_CREDENTIALS_JSON: drive.credentials({ private_key: other.privateKey }) });
    const before = drive.tokenRequests;
    expect(await problemOf(d.stat(key(405)))).toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect(drive.tokenRequests - before).toBe(1);
    // The log says why, and never carries the key.
    const logged = JSON.stringify(warnings);
    expect(logged).toMatch(/invalid_grant/);
    expect(logged).not.toContain('PRIVATE KEY');
  });
});

describe('the root folder check', () => {
  it('reads the root folder and tells whether it is in a shared drive', async () => {
    expect(await driverFor().checkRoot()).toEqual({
      id: drive.rootFolderId,
      name: 'UniApply files',
      sharedDrive: true,
    });
  });

  it('answers 503 for a root folder Drive does not know', async () => {
    const d = driverFor({ GDRIVE_ROOT_FOLDER_ID: 'nosuchfolder' });
    expect(await problemOf(d.checkRoot())).toMatchObject({ status: 503, code: 'storageUnavailable' });
  });
});
