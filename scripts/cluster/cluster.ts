import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

// Several API processes behind nginx, on one PostgreSQL and one Redis (issue 11 item 2): the
// launcher behind `npm run cluster`, imported as well by the cluster's e2e run and the rolling
// restart drill (apps/api/test/drills). Every process gets the same environment (so STORAGE and
// its settings pass through) plus its own PORT and INSTANCE_NAME.

export const REPO = path.resolve(import.meta.dirname, '../..');
const TEMPLATE = path.join(REPO, 'deploy/nginx/cluster.conf.template');
const NGINX = '/usr/sbin/nginx';

/** The API's start command: the compiled API (`npm run build -w apps/api` first). */
export const DEFAULT_API_COMMAND = 'node --max-semi-space-size=2 apps/api/dist/server.js';

export type TClusterOptions = {
  /** How many API processes (default 2). */
  nodes?: number;
  /** nginx's port (default 3600); the processes take the ports from apiPort on (default port + 11). */
  port?: number;
  apiPort?: number;
  host?: string;
  /** PostgreSQL; default the machine's, database `uniapply_cluster_<port>` (created when missing). */
  databaseUrl?: string;
  /** Redis; default the machine's. Keys and the hub channel carry a prefix of this cluster's own. */
  redisUrl?: string;
  redisPrefix?: string;
  /** The launcher's folder: nginx's prefix, the processes' logs, the shared files folder. */
  dir?: string;
  /** The API start command, run from the repository root (default DEFAULT_API_COMMAND). */
  apiCommand?: string;
  /** Extra environment for every process (on top of this process's own). */
  env?: Record<string, string>;
  /** Start from nothing: drop and create the database again (only a `uniapply_cluster…` one), empty the files. */
  fresh?: boolean;
  /** Where each process's output goes besides its log file (default: kept, not printed). */
  onOutput?: (node: string, line: string) => void;
};

export type TNode = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  /** Everything the current process wrote so far (the last 200 kB). */
  output(): string;
  /** Sends the signal (default SIGTERM) and resolves with the exit code or signal. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
  /** Starts the process again (after stop) and waits until /api/ready answers 200. */
  start(): Promise<void>;
};

export type TCluster = {
  /** nginx's address: what browsers and tests use. */
  url: string;
  nodes: TNode[];
  databaseUrl: string;
  redisUrl: string;
  dir: string;
  filesDir: string;
  /** SIGTERM to one process, wait for its exit, start it again, wait until it is ready. */
  restart(name: string): Promise<{ exit: number | string; downMs: number }>;
  /** Stops nginx and every process (SIGTERM, then SIGKILL after 15 s). */
  stop(): Promise<void>;
};

/** Installs nginx from Debian's packages when it is missing (the light flavour is enough). */
export function ensureNginx() {
  if (fs.existsSync(NGINX)) return;
  console.log('nginx is missing: apt-get install -y nginx-light');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * Creates the database when it does not exist yet (connecting to `postgres` on the same server);
 * `fresh` drops it first, which only a launcher's own database (`uniapply_cluster…`) allows.
 */
export async function ensureDatabase(url: string, fresh = false) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database name ${name}: letters, digits and _ only`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    if (fresh) {
      if (!name.startsWith('uniapply_cluster'))
        throw new Error(`refusing to drop ${name}: not a cluster database`);
      await client.query(`drop database if exists "${name}" with (force)`);
    }
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } catch (err) {
    // Another launcher created it meanwhile.
    if ((err as { code?: string }).code !== '42P04') throw err;
  } finally {
    await client.end();
  }
}

/** nginx.conf for these processes, from deploy/nginx/cluster.conf.template. */
export function renderNginxConfig(o: {
  prefix: string;
  listen: string;
  nodes: { name: string; host: string; port: number }[];
  bodyMax: string;
}): string {
  const server = (n: { host: string; port: number }, extra = '') =>
    `    server ${n.host}:${n.port} max_fails=1 fail_timeout=2s${extra};`;
  const values: Record<string, string> = {
    PREFIX: o.prefix,
    LISTEN: o.listen,
    BODY_MAX: o.bodyMax,
    SERVERS: o.nodes.map((n) => server(n)).join('\n'),
    NODES: o.nodes.map((n) => `  upstream node_${n.name} {\n${server(n)}\n  }`).join('\n'),
    SID_MAP: o.nodes.map((n) => `    "~^${n.name}\\." node_${n.name};`).join('\n'),
    DEMO_OIDC: o.nodes.map((n, i) => server(n, i === 0 ? '' : ' backup')).join('\n'),
  };
  return fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_m, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`nginx template: unknown placeholder ${key}`);
    return value;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until GET url answers 200 (or the process ends, or the time is up). */
export async function waitForOk(url: string, timeoutMs: number, alive: () => boolean = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${url}: the process ended`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

type TSpawned = { child: ChildProcess; exited: Promise<number | string> };

function spawnLogged(
  command: string[],
  opts: { env: NodeJS.ProcessEnv; logFile: string; onLine: (line: string) => void },
): TSpawned {
  const [bin, ...args] = command;
  const child = spawn(bin!, args, { cwd: REPO, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = fs.createWriteStream(opts.logFile, { flags: 'a' });
  let partial = '';
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) opts.onLine(line);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => {
      log.end();
      resolve(code ?? signal ?? -1);
    }),
  );
  return { child, exited };
}

/** Starts nginx and the API processes and waits until every one is ready. */
export async function startCluster(options: TClusterOptions = {}): Promise<TCluster> {
  const count = options.nodes ?? 2;
  if (!Number.isInteger(count) || count < 1 || count > 20) throw new Error('nodes: 1 to 20');
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 3600;
  const apiPort = options.apiPort ?? port + 11;
  const dir = path.resolve(options.dir ?? `/tmp/uniapply-cluster-${port}`);
  const databaseUrl = options.databaseUrl ?? `postgres://postgres@127.0.0.1:5432/uniapply_cluster_${port}`;
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const redisPrefix = options.redisPrefix ?? `uniapply-cluster-${port}-`;
  const apiCommand = (options.apiCommand ?? DEFAULT_API_COMMAND).split(/\s+/).filter(Boolean);
  const url = `http://${host}:${port}`;
  const filesDir = options.env?.FILES_DIR ?? process.env.FILES_DIR ?? path.join(dir, 'files');

  ensureNginx();
  if (options.fresh)
    for (const sub of ['files', 'data', 'logs'])
      fs.rmSync(path.join(dir, sub), { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true, mode: 0o700 });
  fs.mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  // nginx's workers run as an unprivileged user when the master is root: they reach their own
  // folder (request bodies are buffered there), nothing else of ours.
  fs.chmodSync(dir, 0o711);
  await ensureDatabase(databaseUrl, options.fresh);

  const { DATABASE_URL: _d, INIT_CWD: _i, PORT: _p, ...inherited } = process.env;
  const shared: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: host,
    PUBLIC_URL: url,
    TRUST_PROXY: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // One demo sign-in provider for all (its keys derived from this); never used with Google.
    DEMO_OIDC_SEED: randomBytes(32).toString('base64url'),
    ...options.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    REDIS_HUB_CHANNEL: `${redisPrefix}hub`,
    // Files every process reaches: one shared folder (or STORAGE=s3 and its settings, passed through).
    FILES_DIR: filesDir,
    // The mail outbox and other per-portal files: shared too.
    DATA_DIR: options.env?.DATA_DIR ?? path.join(dir, 'data'),
  };

  const nodes: TNode[] = [];
  for (let i = 0; i < count; i++) {
    const name = `api${i + 1}`;
    const nodePort = apiPort + i;
    let current: TSpawned | null = null;
    let out = '';
    const node: TNode = {
      name,
      port: nodePort,
      url: `http://${host}:${nodePort}`,
      get child() {
        return current?.child ?? null;
      },
      output: () => out,
      async stop(signal = 'SIGTERM') {
        if (!current) return 'not running';
        const running = current;
        if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill(signal);
        const exit = await running.exited;
        if (current === running) current = null;
        return exit;
      },
      async start() {
        if (current) throw new Error(`${name} is running`);
        out = '';
        const spawned = spawnLogged(apiCommand, {
          env: { ...shared, PORT: String(nodePort), INSTANCE_NAME: name },
          logFile: path.join(dir, 'logs', `${name}.log`),
          onLine: (line) => {
            out = `${out}${line}\n`.slice(-200_000);
            options.onOutput?.(name, line);
          },
        });
        current = spawned;
        let ended = false;
        spawned.exited.then(() => {
          ended = true;
        });
        await waitForOk(`${node.url}/api/ready`, 120_000, () => !ended).catch((err) => {
          throw new Error(`${name}: ${(err as Error).message}\n${out.slice(-4000)}`);
        });
      },
    };
    nodes.push(node);
  }

  const nginxDir = path.join(dir, 'nginx');
  fs.mkdirSync(nginxDir, { recursive: true });
  fs.chmodSync(nginxDir, 0o755);
  const conf = path.join(nginxDir, 'nginx.conf');
  const uploadMb = Number(shared.UPLOAD_MAX_MB ?? 10);
  fs.writeFileSync(
    conf,
    renderNginxConfig({
      prefix: nginxDir,
      listen: `${host}:${port}`,
      nodes: nodes.map((n) => ({ name: n.name, host, port: n.port })),
      bodyMax: `${Math.ceil(uploadMb) + 2}m`,
    }),
  );
  let nginx: TSpawned | null = null;
  const stop = async () => {
    nginx?.child.kill('SIGQUIT');
    const nginxExit = nginx?.exited;
    await Promise.all(
      nodes.map(async (n) => {
        const child = n.child;
        const kill = setTimeout(() => child?.kill('SIGKILL'), 15_000);
        await n.stop('SIGTERM');
        clearTimeout(kill);
      }),
    );
    await nginxExit;
  };
  try {
    // All at once: migrations and the demo seed take turns through PostgreSQL advisory locks.
    await Promise.all(nodes.map((n) => n.start()));
    nginx = spawnLogged([NGINX, '-p', nginxDir, '-c', conf], {
      env: process.env,
      logFile: path.join(dir, 'logs', 'nginx.log'),
      onLine: (line) => options.onOutput?.('nginx', line),
    });
    let nginxEnded = false;
    nginx.exited.then(() => {
      nginxEnded = true;
    });
    await waitForOk(`${url}/api/ready`, 30_000, () => !nginxEnded).catch((err) => {
      const errorLog = path.join(nginxDir, 'error.log');
      const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8').slice(-2000) : '';
      throw new Error(`nginx: ${(err as Error).message}\n${log}`);
    });
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    nodes,
    databaseUrl,
    redisUrl,
    dir,
    filesDir,
    stop,
    async restart(name) {
      const node = nodes.find((n) => n.name === name);
      if (!node) throw new Error(`no process ${name}`);
      const t0 = Date.now();
      const exit = await node.stop('SIGTERM');
      await node.start();
      return { exit, downMs: Date.now() - t0 };
    },
  };
}
