import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Private PostgreSQL and Redis servers for the fault drills (issue 11 item 3): each drill starts
// its own on a port of its own, so it may stop, restart and kill them while the machine's shared
// services (which other test runs use at the same time) are never touched. Debian's binaries:
// PostgreSQL 15 (`initdb`, `pg_ctl`) and `redis-server`.

const run = promisify(execFile);

export type TPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  /** Stops the server (`pg_ctl stop`): `fast` ends sessions cleanly; `immediate` is a crash (no checkpoint). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same data directory and waits until it accepts connections. */
  start(): Promise<void>;
  /** stop(mode) then start(). */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /**
   * Freezes the server: SIGSTOP to the postmaster (first, so it forks nothing more) and to every
   * process it started (backends, checkpointer, ...). The kernel still accepts TCP connections on
   * its port (the listen backlog) but nothing answers: a hung host or a network partition as a
   * client sees it. Returns how many processes were stopped.
   */
  freeze(): number;
  /** SIGCONT to the processes freeze() stopped. */
  thaw(): void;
  /** Stops it if running and removes its data directory. */
  close(): Promise<void>;
};

export type TRedis = {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Ends the server (SIGTERM; nothing is saved: no RDB, no AOF) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts a new server on the same port (empty: Redis is a cache and a bus here, not a store). */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT): it answers what it was sent meanwhile. */
  thaw(): void;
  /** Stops it if running. */
  close(): Promise<void>;
};

/** Where Debian's PostgreSQL 15 keeps its programs (PG_BIN overrides; initdb is not on PATH). */
function postgresBin(name: string): string {
  const dirs = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin', '/usr/local/bin'].filter(Boolean);
  for (const dir of dirs) {
    const file = path.join(dir!, name);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${name} not found (looked in ${dirs.join(', ')}); set PG_BIN`);
}

/** initdb and the server refuse to run as root: as root, run them as the `postgres` user. */
const asPostgres = (file: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A PostgreSQL 15 server of its own: a fresh cluster under /tmp (owned by the postgres user when
 * we are root), listening on 127.0.0.1:port only, its UNIX socket in the same private directory,
 * trust authentication, fsync off (the machine does not crash in a drill; a stop in `immediate`
 * mode still loses nothing committed, since every commit is in the WAL the kernel holds).
 */
export async function startPostgres({ port }: { port: number }): Promise<TPostgres> {
  if (await isListening(port)) throw new Error(`port ${port} is already in use`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-pg-${port}-`));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const d of [dir, dataDir]) fs.chownSync(d, Number(stdout), Number(gid));
  }
  const pgCtl = (args: string[]) => run(...asPostgres(postgresBin('pg_ctl'), args));
  await run(
    ...asPostgres(postgresBin('initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]),
  );
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=50',
  ].join(' ');
  let running = false;
  const ready = () =>
    run(postgresBin('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)]).then(
      () => true,
      () => false,
    );
  const start = async () => {
    // -w waits for start-up; the log goes to a file beside the data (read it when a drill fails).
    await pgCtl([
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
    ]);
    running = true;
    await waitFor(`PostgreSQL on ${port}`, ready);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgCtl(['stop', '-w', '-t', '60', '-D', dataDir, '-m', mode]);
    running = false;
  };
  let frozen: number[] = [];
  const freeze = () => {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGSTOP');
    frozen = [postmaster, ...childrenOf(postmaster)];
    for (const pid of frozen.slice(1)) process.kill(pid, 'SIGSTOP');
    return frozen.length;
  };
  const thaw = () => {
    for (const pid of frozen.reverse()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // ended meanwhile
      }
    }
    frozen = [];
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    freeze,
    thaw,
    restart: async (mode) => {
      await stop(mode);
      await start();
    },
    close: async () => {
      thaw();
      if (running) await stop('immediate').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `pid` (Linux: from /proc/<pid>/stat, whose 4th field is the parent). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (command) state ppid ...": the command may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

/** A Redis server of its own on 127.0.0.1:port, with no persistence (`--save '' --appendonly no`). */
export async function startRedis({ port }: { port: number }): Promise<TRedis> {
  if (await isListening(port)) throw new Error(`port ${port} is already in use`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-redis-${port}-`));
  let child: ReturnType<typeof spawn> | null = null;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    if (child) throw new Error('Redis is already running');
    const c = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    child = c;
    exited = new Promise((resolve) => c.once('exit', () => resolve()));
    c.once('exit', () => {
      if (child === c) child = null;
    });
    await waitFor(`Redis on ${port}`, async () => {
      if (!child) throw new Error(`redis-server on ${port} exited at start`);
      return isListening(port);
    });
  };
  const stop = async () => {
    const c = child;
    if (!c) return;
    c.kill('SIGTERM');
    c.kill('SIGCONT'); // a frozen server ends too
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    if (!child) throw new Error('Redis is not running');
    child.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
    close: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
