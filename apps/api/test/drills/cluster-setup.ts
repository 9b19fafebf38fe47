import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, type TCluster } from '../../../../scripts/cluster/cluster.js';
import { Browser } from '../auth/browser.js';
import { signInThroughDemo } from '../auth/flow.js';
import { startPostgres, startRedis, type TPostgres, type TRedis } from './services.js';

// `npm run cluster`'s launcher on a private PostgreSQL and Redis (services.ts), for the tests
// that need several API processes behind nginx. Ports: front, front+1… for the API processes.

export type TTestCluster = {
  cluster: TCluster;
  postgres: TPostgres;
  redis: TRedis;
  close(): Promise<void>;
};

export async function startTestCluster(o: {
  frontPort: number;
  postgresPort: number;
  redisPort: number;
  nodes?: number;
  env?: Record<string, string>;
}): Promise<TTestCluster> {
  const postgres = await startPostgres({ port: o.postgresPort });
  const redis = await startRedis({ port: o.redisPort }).catch(async (err) => {
    await postgres.close();
    throw err;
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-cluster-${o.frontPort}-`));
  const db = new URL(postgres.url);
  db.pathname = '/uniapply';
  try {
    const cluster = await startCluster({
      nodes: o.nodes ?? 2,
      port: o.frontPort,
      apiPort: o.frontPort + 1,
      databaseUrl: db.href,
      redisUrl: redis.url,
      dir,
      env: { LOG_LEVEL: 'info', MAIL_POLL_MS: '0', ...o.env },
    });
    return {
      cluster,
      postgres,
      redis,
      close: async () => {
        await cluster.stop();
        await redis.close();
        await postgres.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await redis.close();
    await postgres.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Signs in through the cluster's front (the demo provider) and returns the session cookie header. */
export async function signInVia(baseUrl: string, email: string): Promise<string> {
  const browser = new Browser(baseUrl);
  const done = await signInThroughDemo(browser, { email });
  if (done.res.status !== 303) throw new Error(`sign-in of ${email}: ${done.res.status}`);
  const sid = browser.cookie('sid');
  if (!sid) throw new Error(`sign-in of ${email}: no session cookie`);
  return `sid=${sid}`;
}
