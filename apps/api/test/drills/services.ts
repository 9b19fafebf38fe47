import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Private PostgreSQL and Redis for the fault drills (issue 11 item 3): started by the test on its
// own ports from Debian's binaries, never the machine's shared services (other tests use those at
// the same time). initdb refuses root, so PostgreSQL runs as the postgres user on a folder it owns.

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

export type TPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  close(): Promise<void>;
};

export type TRedis = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

/** Waits until something accepts TCP connections on the port (or the time is up). */
export async function waitForPort(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
}

async function assertPortFree(port: number) {
  const free = await new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
  if (!free) throw new Error(`port ${port} is taken: another run of this test, or another program`);
}

/** A PostgreSQL 15 of its own: initdb in a temporary folder, pg_ctl on `port`. */
export async function startPostgres({ port }: { port: number }): Promise<TPostgres> {
  await assertPortFree(port);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-pg-${port}-`));
  const data = path.join(dir, 'data');
  fs.chmodSync(dir, 0o755);
  await run('chown', ['postgres:postgres', dir]);
  const asPostgres = (bin: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args], { cwd: dir });
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'postgres.log'), '-o', options, ...args]);
  const start = async () => {
    await pgCtl('-w', '-t', '60', 'start');
  };
  const stop = async () => {
    await pgCtl('-w', '-t', '60', '-m', 'fast', 'stop');
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    restart: async () => {
      await pgCtl('-w', '-t', '60', '-m', 'fast', 'restart');
    },
    close: async () => {
      await stop().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis of its own on `port`: nothing saved, nothing appended. */
export async function startRedis({ port }: { port: number }): Promise<TRedis> {
  await assertPortFree(port);
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    if (child) return;
    const spawned = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = spawned;
    exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
    await waitForPort(port);
  };
  const stop = async () => {
    if (!child) return;
    child.kill('SIGTERM');
    await exited;
    child = null;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}
