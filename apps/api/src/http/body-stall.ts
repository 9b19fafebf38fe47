import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

export const requestStalled = () =>
  new AppError(
    408,
    'Request Timeout',
    'The request stopped arriving, so it was cancelled and nothing was saved. Please check the connection and try again.',
    undefined,
    'requestStalled',
  );

/**
 * Calls `onStall` once when no byte of the request's body has arrived for `stallMs` (a phone that
 * lost its signal mid-upload goes silent without closing; Node would hold the request, and its
 * spool file, for as long as the connection lives). Bytes are counted on the socket, so the body
 * stream is never touched; a body we are not reading (our spool's back-pressure) is not the
 * client's silence. Ends by itself once the whole body is in. Returns the stop function.
 */
export function watchForStall(raw: IncomingMessage, stallMs: number, onStall: () => void): () => void {
  const { socket } = raw;
  // An injected request (tests' app.inject) has no real socket, and its body is all there.
  if (typeof socket?.bytesRead !== 'number') return () => {};
  const every = Math.min(1000, Math.max(10, Math.floor(stallMs / 5)));
  let seen = socket.bytesRead;
  let activeAt = performance.now();
  let checkedAt = activeAt;
  const timer = setInterval(() => {
    if (raw.complete || raw.readableEnded || raw.destroyed) return clearInterval(timer);
    const now = performance.now();
    const read = socket.bytesRead;
    // A check that comes late (our event loop was busy) has not watched the socket meanwhile:
    // bytes may be waiting unread, so the silence is not the client's.
    const late = now - checkedAt > 2 * every;
    checkedAt = now;
    if (read !== seen || late || raw.isPaused() || raw.readableLength > 0) {
      seen = read;
      activeAt = now;
    } else if (now - activeAt >= stallMs) {
      clearInterval(timer);
      onStall();
    }
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Every request body but an upload's (spoolUpload watches those itself, file by file): no byte
 * for `stallMs` ends the request with 408 `requestStalled` and closes the connection. Without it a
 * JSON body that goes silent half-way (a phone losing its signal mid-save) holds the request, and
 * a connection, until Node's 10-minute request limit (app.ts SERVER_TIME_LIMITS). Nothing of it
 * reaches a handler, so nothing is saved. The parser reads the body through a relay, so the check
 * costs only requests that have a body.
 */
export function registerBodyStall(app: FastifyInstance, stallMs: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const { headers, raw } = request;
    const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length']) > 0;
    if (!hasBody || raw.complete) return payload;
    if (String(headers['content-type']).startsWith('multipart/')) return payload;
    const relay = new PassThrough();
    const stop = watchForStall(raw, stallMs, () => {
      request.log.warn(
        {
          event: 'request-stalled',
          stallMs,
          declaredBytes: Number(headers['content-length']) || null,
          userId: request.user?.id ?? null,
          route: `${request.method} ${request.routeOptions.url}`,
        },
        'request body stalled: nothing arrived, the request is ended',
      );
      // The rest of the body will never be read: the connection goes after the answer.
      reply.header('connection', 'close');
      payload.unpipe(relay);
      relay.destroy(requestStalled());
    });
    payload.once('error', (err) => relay.destroy(err));
    relay.once('close', stop);
    payload.pipe(relay);
    return relay;
  });
}
