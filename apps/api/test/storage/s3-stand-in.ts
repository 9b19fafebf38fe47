import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A local S3-compatible server (s3rver) for the tests, on a port the system gives, with one bucket;
// and a server that accepts connections and never answers (3910-3919).

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const SILENT_PORTS = range(3910, 3919);

export class S3StandIn {
  readonly bucket = 'uniapply-test';
  readonly directory = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-s3rver-'));
  private server: S3rver | null = null;
  port = 0;
  /** `METHOD /path?query` of every request, in order. */
  readonly requests: string[] = [];

  async start(): Promise<this> {
    // Port 0: the system gives a free port, so test files in parallel workers never meet. (A fixed
    // range does not work with s3rver: its run() waits for 'listening' and never rejects on
    // EADDRINUSE, so a taken port hung the test until its time limit.)
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: this.directory,
      configureBuckets: [{ name: this.bucket }],
    });
    const address = await server.run();
    this.server = server;
    this.port = address.port;
    (server as unknown as { httpServer: import('node:http').Server }).httpServer.on('request', (req) =>
      this.requests.push(`${req.method} ${req.url}`),
    );
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment of an app (or a script) that stores its files here. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      S3_ENDPOINT: this.url,
      S3_BUCKET: this.bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_TIMEOUT_MS: '2000',
      ...extra,
    };
  }

  /** Every object's key in the bucket, as s3rver keeps them on disk. */
  keys(): string[] {
    const root = path.join(this.directory, this.bucket);
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile() && d.name.endsWith('._S3rver_object'))
      .map((d) => path.relative(root, path.join(d.parentPath, d.name)).replace(/\._S3rver_object$/, ''))
      .sort();
  }

  async close() {
    await this.server?.close();
    this.server = null;
    fs.rmSync(this.directory, { recursive: true, force: true });
  }
}

/** A server that takes connections and never answers: a store that hangs. */
export async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  });
  let port = 0;
  for (const p of SILENT_PORTS) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(p, '127.0.0.1', () => resolve(true));
    });
    if (ok) {
      port = p;
      break;
    }
  }
  if (!port) throw new Error('no free port in 3910-3919');
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
