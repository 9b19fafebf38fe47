import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { TS3Settings } from '../config.js';
import { assertKey, relayDownload, type StorageDriver, storageUnavailable } from './driver.js';

// Files in any S3-compatible object store (DESIGN 7 "Storage drivers"): one object per file under
// its key `<studentId>/<fileId>` in S3_BUCKET. Time limits and retries are the SDK's (standard
// retry mode: throttling, 5xx and dropped connections, with back-off); whatever still fails is
// logged and becomes 503 `storageUnavailable`. Keys and credentials never reach a client.

/** Parts of a multipart upload; files under one part go up in a single PutObject. */
export const PART_SIZE = 5 * 1024 * 1024;

// The SDK warns once per process that its releases after January 2027 need Node 22: a notice for
// whoever upgrades the SDK (README "Supported Node versions"), not for the portal's logs.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

type TLog = { warn(obj: object, msg: string): void };

/** No such object (HeadObject's 404 has no body, so it is just NotFound); NoSuchBucket is a fault. */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

export function s3Client(settings: TS3Settings) {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    maxAttempts: settings.maxAttempts,
    retryMode: 'standard',
    // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's default
    // CRC32 trailers. The bytes are still checked by TLS and by storage:migrate's sha256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Each attempt: connecting, the wait for an answer, and any silence mid-transfer are bounded
    // (without throwOnRequestTimeout the SDK would only warn and wait on).
    requestHandler: {
      connectionTimeout: settings.timeoutMs,
      requestTimeout: settings.timeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: settings.timeoutMs,
    },
  });
}

export function s3Driver(settings: TS3Settings, log: TLog): StorageDriver {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const call = caller(log);

  return {
    name: 's3',
    async put(key, body: Readable) {
      const Key = assertKey(key);
      await call('upload', () => uploadObject(client, { Bucket, Key }, body));
    },
    async get(key) {
      const Key = assertKey(key);
      const body = await call(
        'getObject',
        async () => {
          const res = await client.send(new GetObjectCommand({ Bucket, Key }));
          return (res.Body as Readable | undefined) ?? null;
        },
        () => null,
      );
      return body && failingAsStorage(log, body);
    },
    async delete(key) {
      const Key = assertKey(key);
      await call(
        'deleteObject',
        () => client.send(new DeleteObjectCommand({ Bucket, Key })),
        () => undefined,
      );
    },
    async stat(key) {
      const Key = assertKey(key);
      return call(
        'headObject',
        async () => {
          const res = await client.send(new HeadObjectCommand({ Bucket, Key }));
          return { size: res.ContentLength ?? 0 };
        },
        () => null,
      );
    },
    async isEmpty() {
      const res = await call('listObjects', () =>
        client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 1 })),
      );
      return (res.KeyCount ?? res.Contents?.length ?? 0) === 0;
    },
  };
}

/** Runs one S3 call: not-found is the caller's business, anything else a logged 503. */
function caller(log: TLog) {
  return async function call<T>(what: string, run: () => Promise<T>, onMissing?: () => T): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (onMissing && isMissing(err)) return onMissing();
      const e = err as Error & { $metadata?: { httpStatusCode?: number; attempts?: number } };
      log.warn(
        {
          call: what,
          status: e.$metadata?.httpStatusCode,
          attempts: e.$metadata?.attempts,
          reason: `${e.name}: ${e.message}`.slice(0, 300),
        },
        'S3 storage call failed',
      );
      throw storageUnavailable();
    }
  };
}

async function uploadObject(client: S3Client, target: { Bucket: string; Key: string }, body: Readable) {
  // Parts are buffered one at a time, so the SDK can retry each; a failed multipart upload
  // is aborted (no parts left behind) and a failed single put stores nothing.
  const upload = new Upload({
    client,
    params: { ...target, Body: body, ContentType: 'application/octet-stream' },
    partSize: PART_SIZE,
    queueSize: 2,
    leavePartsOnError: false,
  });
  try {
    await upload.done();
  } catch (err) {
    body.destroy();
    throw err;
  }
}

/** The object's bytes as they come; a stall or a break after the head is a logged 503. */
function failingAsStorage(log: TLog, body: Readable): Readable {
  return relayDownload(body, new PassThrough(), (err) => {
    log.warn(
      { call: 'getObject', reason: `${err.name}: ${err.message}`.slice(0, 300) },
      'S3 download broke off',
    );
    return storageUnavailable();
  });
}
