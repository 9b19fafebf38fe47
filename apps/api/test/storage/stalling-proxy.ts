import http from 'node:http';

// An HTTP proxy in front of a stand-in store (s3rver cannot be made to stall by itself). It passes
// requests through unchanged (the Host header too, so the SDK's signatures still hold) and, when
// told, misbehaves: `stallGetBodyAfter` passes a GET answer's head and that many bytes of its body,
// then nothing more with the connection left open (a store gone silent mid-transfer); `hang` takes
// requests and never answers them.

export class StallingProxy {
  private server: http.Server | null = null;
  private readonly held = new Set<http.ServerResponse>();
  port = 0;
  /** Bytes of a GET answer's body passed on before it goes silent; null: everything. */
  stallGetBodyAfter: number | null = null;
  /** Requests are taken and never answered. */
  hang = false;
  /** Answers that went silent (stalled or hung) so far. */
  silenced = 0;

  constructor(
    private readonly upstream: string,
    private readonly ports: number[],
  ) {}

  async start(): Promise<this> {
    for (const port of this.ports) {
      const server = http.createServer((req, res) => this.handle(req, res));
      const listening = await new Promise<boolean>((resolve) => {
        server.once('error', () => resolve(false));
        server.listen(port, '127.0.0.1', () => resolve(true));
      });
      if (listening) {
        this.server = server;
        this.port = port;
        return this;
      }
    }
    throw new Error(`no free port for the proxy in ${this.ports[0]}-${this.ports.at(-1)}`);
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  private hold(res: http.ServerResponse) {
    this.silenced++;
    this.held.add(res);
    res.once('close', () => this.held.delete(res));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (this.hang) {
      req.resume();
      return this.hold(res);
    }
    const { connection: _, ...headers } = req.headers;
    const out = http.request(
      new URL(req.url ?? '/', this.upstream),
      { method: req.method, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        const stallAfter = this.stallGetBodyAfter;
        const length = Number(up.headers['content-length'] ?? 0);
        if (req.method !== 'GET' || stallAfter === null || length <= stallAfter) {
          up.pipe(res);
          return;
        }
        // The head and the first bytes, then silence: the rest is read from the store and dropped.
        if (stallAfter === 0) res.flushHeaders();
        let passed = 0;
        up.on('data', (chunk: Buffer) => {
          if (passed >= stallAfter) return;
          const part = chunk.subarray(0, stallAfter - passed);
          passed += part.length;
          res.write(part);
        });
        this.hold(res);
      },
    );
    out.on('error', () => res.destroy());
    res.on('close', () => out.destroy());
    req.pipe(out);
  }

  async close() {
    for (const res of this.held) res.destroy();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
