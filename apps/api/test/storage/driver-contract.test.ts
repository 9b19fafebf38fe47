import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { AppError } from '../../src/http/errors.js';
import type { StorageDriver } from '../../src/storage/driver.js';
import { gdriveDriver } from '../../src/storage/gdrive.js';
import { localDriver } from '../../src/storage/local.js';
import { PART_SIZE, s3Client, s3Driver } from '../../src/storage/s3.js';
import { DriveStandIn } from '../documents/gdrive-stand-in.js';
import { S3StandIn, silentServer } from './s3-stand-in.js';

// One contract for every storage driver (DESIGN 7 "Storage drivers"): the local disk, S3 against
// s3rver, and Google Drive against its stand-in all store, read, size and delete alike. Then what
// only S3 has: multipart uploads, its time limits and retries.

const warnings: { obj: object; msg: string }[] = [];
const log = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };

let s3: S3StandIn;
let drive: DriveStandIn;
const dirs: string[] = [];
const tempDir = (what: string) => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-contract-${what}-`));
  dirs.push(d);
  return d;
};
const s3Settings = (env: Record<string, string> = {}) =>
  readConfig({ NODE_ENV: 'test', STORAGE: 's3', ...s3.env(env) }).s3!;

beforeAll(async () => {
  s3 = await new S3StandIn().start();
  drive = await new DriveStandIn().start();
});
afterAll(async () => {
  await s3?.close();
  await drive?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const drivers: [string, () => StorageDriver][] = [
  ['local', () => localDriver(tempDir('local'))],
  ['s3', () => s3Driver(s3Settings(), log)],
  [
    'gdrive',
    () =>
      gdriveDriver(
        readConfig({ NODE_ENV: 'test', STORAGE: 'gdrive', ...drive.env() }).gdrive!,
        tempDir('spool'),
        log,
      ),
  ],
];

const key = () => `${1000 + Math.floor(Math.random() * 1000)}/${randomUUID()}`;
const read = async (d: StorageDriver, k: string) => {
  const stream = await d.get(k);
  return stream ? buffer(stream) : null;
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(drivers)('the %s driver', (name, make) => {
  it('stores a stream under a key, tells its size, reads it back and deletes it', async () => {
    const d = make();
    expect(d.name).toBe(name);
    const k = key();
    const data = randomBytes(200_000);
    await d.put(k, Readable.from([data.subarray(0, 1), data.subarray(1, 70_000), data.subarray(70_000)]));
    expect(await d.stat(k)).toEqual({ size: data.length });
    expect(sha((await read(d, k))!)).toBe(sha(data));
    await d.delete(k);
    expect(await d.stat(k)).toBeNull();
    expect(await d.get(k)).toBeNull();
    await d.delete(k); // a missing object is not an error: deletes are retried
  });

  it('answers null for a key that was never stored, and refuses keys it did not make', async () => {
    const d = make();
    expect(await d.stat(key())).toBeNull();
    expect(await d.get(key())).toBeNull();
    for (const bad of ['../etc/passwd', '1/../../x', '/abs', '1/a b', '']) {
      await expect(d.put(bad, Readable.from(['x']))).rejects.toThrow();
      await expect(d.stat(bad)).rejects.toThrow();
    }
  });

  it('keeps files apart and replaces nothing else', async () => {
    const d = make();
    const [a, b] = [key(), key()];
    await d.put(a, Readable.from(['first']));
    await d.put(b, Readable.from(['second']));
    expect((await read(d, a))?.toString()).toBe('first');
    expect((await read(d, b))?.toString()).toBe('second');
    await d.delete(a);
    expect((await read(d, b))?.toString()).toBe('second');
  });

  it('leaves nothing under the key when the stream fails mid-way', async () => {
    const d = make();
    const k = key();
    async function* failing() {
      yield randomBytes(64 * 1024);
      throw new Error('client went away');
    }
    await expect(d.put(k, Readable.from(failing()))).rejects.toThrow();
    expect(await d.stat(k)).toBeNull();
  });

  it('stores a file larger than one multipart part (12 MB) byte for byte', async () => {
    const d = make();
    const k = key();
    const data = randomBytes(12 * 1024 * 1024);
    const t0 = Date.now();
    // In 1 MB chunks, as a spooled upload arrives.
    const chunks = Array.from({ length: 12 }, (_, i) =>
      data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    await d.put(k, Readable.from(chunks));
    expect(await d.stat(k)).toEqual({ size: data.length });
    expect(sha((await read(d, k))!)).toBe(sha(data));
    console.log(`${name}: 12 MB stored and read back in ${Date.now() - t0} ms`);
    await d.delete(k);
  });
});

describe('isEmpty (a restore writes only into empty storage)', () => {
  it('is true for a fresh folder or bucket and false once a file is stored', async () => {
    const dir = tempDir('empty');
    const local = localDriver(dir);
    fs.mkdirSync(path.join(dir, 'tmp'));
    fs.writeFileSync(path.join(dir, 'tmp', 'upload.part'), 'in progress'); // the spool does not count
    expect(await local.isEmpty!()).toBe(true);
    await local.put('1/a', Readable.from(['x']));
    expect(await local.isEmpty!()).toBe(false);

    const fresh = await new S3StandIn().start();
    try {
      const bucket = s3Driver(readConfig({ NODE_ENV: 'test', STORAGE: 's3', ...fresh.env() }).s3!, log);
      expect(await bucket.isEmpty!()).toBe(true);
      await bucket.put('1/a', Readable.from(['x']));
      expect(await bucket.isEmpty!()).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('S3 specifics', () => {
  it('uploads a large file in 5 MB parts and a small one in a single put', async () => {
    const d = s3Driver(s3Settings(), log);
    const big = key();
    const small = key();
    const sent = (k: string) => s3.requests.filter((r) => r.split(' ')[1]!.startsWith(`/${s3.bucket}/${k}`));
    await d.put(big, Readable.from([randomBytes(PART_SIZE * 2 + 1000)]));
    await d.put(small, Readable.from([randomBytes(1000)]));
    const bigCalls = sent(big);
    expect(bigCalls.filter((r) => /^POST .*\?uploads/.test(r))).toHaveLength(1);
    expect(bigCalls.filter((r) => /^PUT .*partNumber=\d/.test(r))).toHaveLength(3);
    expect(bigCalls.filter((r) => /^POST .*uploadId=/.test(r))).toHaveLength(1); // complete
    expect(sent(small).map((r) => r.split(' ')[0])).toEqual(['PUT']);
    expect(s3.keys()).toEqual(expect.arrayContaining([big, small]));
    const client = s3Client(s3Settings());
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: big }));
    expect(head.ContentLength).toBe(PART_SIZE * 2 + 1000);
  });

  it('turns a store that never answers into 503 storageUnavailable within the time limit', async () => {
    const silent = await silentServer();
    try {
      const d = s3Driver(
        s3Settings({ S3_ENDPOINT: silent.url, S3_TIMEOUT_MS: '300', S3_MAX_ATTEMPTS: '2' }),
        log,
      );
      const t0 = Date.now();
      const err = await d.stat(key()).catch((e: unknown) => e);
      const took = Date.now() - t0;
      console.log(`S3 hang: 503 after ${took} ms (2 attempts of 300 ms)`);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, code: 'storageUnavailable' });
      expect((err as AppError).message).not.toMatch(/127\.0\.0\.1|S3RVER|headObject/);
      expect(took).toBeLessThan(10_000);
      const t1 = Date.now();
      await expect(d.put(key(), Readable.from([randomBytes(1000)]))).rejects.toMatchObject({ status: 503 });
      expect(Date.now() - t1).toBeLessThan(10_000);
    } finally {
      await silent.close();
    }
  });

  it('retries a refused connection the configured number of times, logs why, and never logs the secret', async () => {
    // Nothing listens on port 1 (a closed port of our range could be taken by another test's s3rver).
    const url = 'http://127.0.0.1:1';
    const d = s3Driver(
      s3Settings({ S3_ENDPOINT: url, S3_MAX_ATTEMPTS: '3', S3_SECRET_ACCESS_KEY: 'very-secret-key-123' }),
      log,
    );
    warnings.length = 0;
    await expect(d.get(key())).rejects.toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toMatchObject({ call: 'getObject', attempts: 3 });
    expect(JSON.stringify(warnings)).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify(warnings)).not.toContain('very-secret-key-123');
  });

  it('answers 503 for a bucket that does not exist (a configuration fault, not a missing file)', async () => {
    const d = s3Driver(s3Settings({ S3_BUCKET: 'no-such-bucket' }), log);
    await expect(d.put(key(), Readable.from(['x']))).rejects.toMatchObject({ status: 503 });
  });
});
