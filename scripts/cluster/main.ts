import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DEFAULT_API_COMMAND, REPO, startCluster } from './cluster.js';

// `npm run cluster`: the portal as several API processes behind nginx (README "Several processes").
// Settings (all optional): CLUSTER_NODES, CLUSTER_PORT, CLUSTER_API_PORT, CLUSTER_HOST,
// CLUSTER_DATABASE_URL, CLUSTER_REDIS_URL, CLUSTER_REDIS_PREFIX, CLUSTER_DIR, API_START_COMMAND,
// CLUSTER_FRESH=1 (a new database and files folder); every other variable (STORAGE,
// UPLOAD_MAX_MB, RATE_LIMIT_*, …) reaches each API process. Without CLUSTER_REDIS_URL the machine's
// Redis on 6379 is used, or, when none answers there, a redis-server of the cluster's own.

const env = process.env;
const num = (v: string | undefined) => (v ? Number(v) : undefined);

if (!fs.existsSync(path.join(REPO, 'apps/web/dist/index.html'))) {
  console.log('Building the web app first (npm run build -w apps/web)…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO, stdio: 'inherit' });
}

const port = num(env.CLUSTER_PORT) ?? 3600;
const answers = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: p }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
let redisUrl = env.CLUSTER_REDIS_URL;
let ownRedis: ReturnType<typeof spawn> | null = null;
if (!redisUrl && !(await answers(6379))) {
  const redisPort = port + 49;
  console.log(`No Redis on 127.0.0.1:6379: starting one for the cluster on ${redisPort}`);
  ownRedis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100 && !(await answers(redisPort)); i++) await new Promise((r) => setTimeout(r, 100));
  redisUrl = `redis://127.0.0.1:${redisPort}`;
}

// CLUSTER_S3=1: the files in S3-compatible object storage instead of a shared folder, on a local
// s3rver (a development dependency) of the cluster's own; production points STORAGE=s3 and S3_*
// at its real store and leaves this unset.
let ownS3: { close(): Promise<void> } | null = null;
if (env.CLUSTER_S3 === '1') {
  const { default: S3rver } = await import('s3rver');
  const s3Port = port + 48;
  const directory = path.join(env.CLUSTER_DIR ?? `/tmp/uniapply-cluster-${port}`, 's3');
  if (env.CLUSTER_FRESH === '1') fs.rmSync(directory, { recursive: true, force: true });
  fs.mkdirSync(directory, { recursive: true });
  const bucket = 'uniapply-cluster';
  const server = new S3rver({
    address: '127.0.0.1',
    port: s3Port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  ownS3 = server;
  Object.assign(env, {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  console.log(`Files in S3 (s3rver on 127.0.0.1:${s3Port}, bucket ${bucket}, ${directory})`);
}

const cluster = await startCluster({
  nodes: num(env.CLUSTER_NODES),
  port,
  apiPort: num(env.CLUSTER_API_PORT),
  host: env.CLUSTER_HOST,
  databaseUrl: env.CLUSTER_DATABASE_URL,
  redisUrl,
  fresh: env.CLUSTER_FRESH === '1',
  redisPrefix: env.CLUSTER_REDIS_PREFIX,
  dir: env.CLUSTER_DIR,
  apiCommand: env.API_START_COMMAND ?? DEFAULT_API_COMMAND,
  onOutput: (node, line) => console.log(`[${node}] ${line}`),
}).catch(async (err) => {
  ownRedis?.kill('SIGTERM');
  await ownS3?.close();
  throw err;
});

console.log(`Portal ready on ${cluster.url} (nginx) — ${cluster.nodes.length} API processes:`);
for (const node of cluster.nodes) console.log(`  ${node.name} ${node.url} pid ${node.child?.pid}`);
console.log(`Database ${cluster.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}, Redis ${cluster.redisUrl}`);
console.log(`Files ${cluster.filesDir}; logs ${path.join(cluster.dir, 'logs')}. Ctrl+C stops everything.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  ownRedis?.kill('SIGTERM');
  await ownS3?.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// A process that ends on its own is restarted (it was not asked to stop).
for (const node of cluster.nodes) {
  const watch = () =>
    node.child?.once('exit', async (code, signal) => {
      if (stopping) return;
      console.log(`[${node.name}] ended (${code ?? signal}); starting it again`);
      await node.stop();
      await node.start().then(watch, (err) => console.error(err));
    });
  watch();
}
