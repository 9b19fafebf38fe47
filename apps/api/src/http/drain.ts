import net from 'node:net';
import { REALTIME } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';

// A graceful stop for a rolling restart behind a proxy (README "Several processes"): on SIGTERM
// the process stops accepting connections, answers /api/ready with 503, lets every request in
// flight (an upload too) finish, and only then closes (the hub's sockets last, in its preClose).
//
// Only the listening socket is closed at first: http.Server.close() would also drop idle
// connections, among them one the proxy has just opened and not yet written its request on (a
// POST lost that way is not retried). The proxy gets "connection refused" for new connections
// and tries the next process.

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of a graceful stop: /api/ready answers 503. */
    draining: boolean;
    /** Stops accepting and waits (at most maxMs) until no request has been in flight for settleMs. */
    drain(opts?: { settleMs?: number; maxMs?: number }): Promise<{ waitedMs: number; inFlight: number }>;
  }
}

export function registerDrain(app: FastifyInstance) {
  let inFlight = 0;
  app.server.on('request', (req, res) => {
    // socket.io's long-polling requests are held open on purpose; the hub closes them.
    if (req.url?.startsWith(REALTIME.path)) return;
    inFlight++;
    res.once('close', () => inFlight--);
  });
  app.decorate('draining', false);
  app.decorate('drain', async ({ settleMs = 300, maxMs = 8000 } = {}) => {
    app.draining = true;
    const started = Date.now();
    if (app.server.listening) net.Server.prototype.close.call(app.server);
    let quietSince = inFlight === 0 ? Date.now() : 0;
    while (Date.now() - started < maxMs) {
      if (inFlight > 0) quietSince = 0;
      else if (!quietSince) quietSince = Date.now();
      else if (Date.now() - quietSince >= settleMs) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { waitedMs: Date.now() - started, inFlight };
  });
}
