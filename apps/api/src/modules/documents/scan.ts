// SECURITY 28: every upload is scanned by clamd before it is stored, when CLAMD_SOCKET is set.
// The spooled file is streamed over clamd's UNIX socket with INSTREAM: `zINSTREAM\0`, then chunks
// of a 4-byte big-endian length and the bytes, then a zero length; clamd answers `stream: OK` or
// `stream: <signature> FOUND` (or `... ERROR`), ending with NUL. A FOUND is refused (422), a scanner
// that cannot be reached, errs or takes too long is a 503: nothing is ever stored unscanned.

import fs from 'node:fs';
import net from 'node:net';
import { AppError, unavailable } from '../../http/errors.js';

export type TScanner = { socket: string; timeoutMs: number };
export type TScanResult = { clean: true } | { clean: false; signature: string };

const CHUNK = 64 * 1024;
/** clamd's replies are one short line; more than this is not clamd. */
const MAX_REPLY = 4096;

export const fileInfected = () =>
  new AppError(
    422,
    'Unprocessable Content',
    'The file contains malware and was not stored.',
    undefined,
    'fileInfected',
  );
/** How long a client waits before trying an upload again after the scanner failed. */
const SCANNER_RETRY_AFTER_SECONDS = 30;

export const scannerUnavailable = () =>
  unavailable(
    'scannerUnavailable',
    'Files cannot be scanned for malware right now; nothing was stored. Please try again later.',
    SCANNER_RETRY_AFTER_SECONDS,
  );

class ScannerError extends Error {}

/** One INSTREAM scan of the file at `path`; throws a ScannerError when clamd cannot answer. */
export function scanFile(scanner: TScanner, path: string): Promise<TScanResult> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ path: scanner.socket });
    const file = fs.createReadStream(path, { highWaterMark: CHUNK });
    let reply = '';
    let settled = false;
    const finish = (error: Error | null, result?: TScanResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      file.destroy();
      socket.destroy();
      if (error) reject(error instanceof ScannerError ? error : new ScannerError(error.message));
      else resolve(result!);
    };
    const timer = setTimeout(() => finish(new ScannerError('scan timed out')), scanner.timeoutMs);

    const parse = () => {
      const text = reply.replace(/\0[\s\S]*$/, '').trim();
      const found = /^stream: (.+) FOUND$/.exec(text);
      if (text === 'stream: OK') return finish(null, { clean: true });
      if (found) return finish(null, { clean: false, signature: found[1]! });
      return finish(new ScannerError(`unexpected reply: ${text.slice(0, 200)}`));
    };
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      reply += data;
      if (reply.includes('\0')) parse();
      else if (reply.length > MAX_REPLY) finish(new ScannerError('reply too long'));
    });
    socket.on('end', () => (reply ? parse() : finish(new ScannerError('connection closed without a reply'))));
    socket.on('error', (err) => finish(err));
    file.on('error', (err) => finish(err));

    socket.on('connect', async () => {
      try {
        socket.write('zINSTREAM\0');
        for await (const chunk of file) {
          if (settled) return;
          const length = Buffer.alloc(4);
          length.writeUInt32BE((chunk as Buffer).length);
          // Respect back-pressure: wait for the socket to drain before the next chunk.
          if (!socket.write(Buffer.concat([length, chunk as Buffer]))) {
            await new Promise<void>((ok) => socket.once('drain', ok));
          }
        }
        if (!settled) socket.write(Buffer.alloc(4)); // zero length: end of stream
      } catch (err) {
        finish(err as Error);
      }
    });
  });
}

/**
 * Scans a spooled upload when a scanner is configured (a no-op without one). Malware is a 422
 * `fileInfected`, a scanner fault a 503 `scannerUnavailable`; both are logged as security events
 * with the user id and the signature or fault, never the file's name or content.
 */
export async function scanUpload(
  scanner: TScanner | null,
  log: { warn(obj: object, msg: string): void },
  path: string,
  userId: number,
): Promise<void> {
  if (!scanner) return;
  let result: TScanResult;
  try {
    result = await scanFile(scanner, path);
  } catch (err) {
    log.warn(
      { event: 'upload-refused', reason: 'scanner unavailable', fault: (err as Error).message, userId },
      'upload refused',
    );
    throw scannerUnavailable();
  }
  if (!result.clean) {
    log.warn(
      { event: 'upload-refused', reason: 'malware', signature: result.signature, userId },
      'upload refused',
    );
    throw fileInfected();
  }
}
