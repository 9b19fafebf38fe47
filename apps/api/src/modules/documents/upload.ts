import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { watchForStall } from '../../http/body-stall.js';
import { AppError, badRequest } from '../../http/errors.js';
import { storageFault } from '../../storage/driver.js';
import { spoolFileName } from '../../storage/spool.js';

/** The limit in megabytes as UPLOAD_MAX_MB states it (at most 2 decimals): 10, 0.05. */
export const limitMb = (maxBytes: number) => Math.round((maxBytes / 1024 / 1024) * 100) / 100;

/** A file over the limit (issue 18 item 5): the problem names the limit, `params.limitMb`. */
export const tooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'Payload Too Large',
    `The file is larger than ${limitMb(maxBytes)} MB.`,
    undefined,
    'fileTooLarge',
    { limitMb: limitMb(maxBytes) },
  );

export const uploadStalled = () =>
  new AppError(
    408,
    'Request Timeout',
    'The upload stopped arriving, so it was cancelled. Please check the connection and try again.',
    undefined,
    'uploadStalled',
  );

/** Room for the multipart framing and the few text fields around the file. */
export const MULTIPART_OVERHEAD = 64 * 1024;

export type TSpooled = {
  /** The complete upload in the spool; the caller removes it (rename or rm) when done. */
  path: string;
  size: number;
  clientName: string | undefined;
  fields: Record<string, string>;
};

/**
 * Streams the request's one file into a spool file and collects its text fields (in any order:
 * the spec's client sends the file first). Over the limit: 413; the spool's disk full or read-only:
 * 507 / 503 (storageFault); no byte for `stallMs`: 408 `uploadStalled` while the file streams in
 * (the connection is closed after it), else the connection is closed at once. Whatever goes wrong
 * (too large, stalled, client gone mid-upload, bad multipart, the disk), the spool file is removed
 * before the error propagates, and nothing is stored.
 * @fastify/multipart truncates an over-limit file silently, so `truncated` is checked here.
 */
export async function spoolUpload(
  request: FastifyRequest,
  spool: string,
  maxBytes: number,
  stallMs: number,
): Promise<TSpooled> {
  const temp = path.join(spool, spoolFileName('part'));
  const fields: Record<string, string> = {};
  let file: { clientName: string | undefined; size: number } | null = null;
  let streaming: Readable | null = null;
  let size = 0;
  let stalled = false;
  const onStall = () => {
    stalled = true;
    request.log.warn(
      {
        event: 'upload-stalled',
        stallMs,
        fileBytes: size,
        declaredBytes: Number(request.headers['content-length']) || null,
        userId: request.user?.id ?? null,
        route: `${request.method} ${request.routeOptions.url}`,
      },
      'upload stalled: nothing arrived, the request is ended',
    );
    // Inside the file: end its stream, so the 408 can still be answered (then the connection is
    // closed: the rest of the body is never read). Elsewhere the parser waits on the socket: close it.
    if (streaming && !streaming.readableEnded) streaming.destroy();
    else request.raw.destroy();
  };
  let stopWatching = () => {};
  try {
    await fsp.mkdir(spool, { recursive: true });
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000, fieldNameSize: 100, parts: 12 },
    });
    stopWatching = watchForStall(request.raw, stallMs, onStall);
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      streaming = part.file;
      await pipeline(part.file, count, fs.createWriteStream(temp, { flags: 'wx' }));
      streaming = null;
      if (part.file.truncated || size > maxBytes) throw tooLarge(maxBytes);
      file = { clientName: part.filename, size };
    }
    if (!file) throw badRequest('Attach a file.');
    return { path: temp, size: file.size, clientName: file.clientName, fields };
  } catch (err) {
    await fsp.rm(temp, { force: true });
    if (stalled) throw uploadStalled();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    // The spool's disk full or read-only: a clear refusal (507 / 503), not a 500.
    throw storageFault(err) ?? err;
  } finally {
    stopWatching();
  }
}

/** Refuses an upload whose declared length is already over the limit, before reading it. */
export function refuseOversized(request: FastifyRequest, maxBytes: number) {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge(maxBytes);
}
