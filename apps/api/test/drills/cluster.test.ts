import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHub, eventually, type THubClient } from '../notifications/sockets.js';
import { signInVia, startTestCluster, type TTestCluster } from './cluster-setup.js';

// Issue 11 item 2: two API processes behind nginx (npm run cluster's launcher) on a private
// PostgreSQL and Redis. Both processes start at once on the empty database (migrations and the
// demo seed take turns through advisory locks); sessions and rate limits are shared; socket.io's
// long-polling is routed back to the process that made its session, by the session id.

const FRONT = 3640;
const ANONYMOUS_MAX = 40;
let t: TTestCluster;
let admin = '';
let db: pg.Client;

beforeAll(async () => {
  t = await startTestCluster({
    frontPort: FRONT,
    postgresPort: 3632,
    redisPort: 3633,
    env: { RATE_LIMIT_ANONYMOUS_MAX: String(ANONYMOUS_MAX) },
  });
  db = new pg.Client({ connectionString: t.cluster.databaseUrl });
  await db.connect();
  admin = await signInVia(t.cluster.url, 'admin@demo.local');
}, 240_000);

afterAll(async () => {
  await db?.end();
  await t?.close();
}, 60_000);

const [first, second] = [0, 1];
const nodeUrl = (i: number) => t.cluster.nodes[i]!.url;

describe('npm run cluster: two API processes behind nginx', () => {
  it('both processes migrated and seeded one empty PostgreSQL at once, each step exactly once', async () => {
    const migrations = fs
      .readdirSync(path.resolve(import.meta.dirname, '../../src/db/migrations'))
      .filter((f) => f.endsWith('.sql'));
    const applied = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(migrations.length);
    const admins = await db.query(`select count(*)::int as n from users where email = 'admin@demo.local'`);
    expect(admins.rows[0].n).toBe(1);
    for (const node of t.cluster.nodes) expect(node.output()).not.toMatch(/error|duplicate/i);
  });

  it('a session made through the front is valid on each process', async () => {
    for (const i of [first, second]) {
      const res = await fetch(`${nodeUrl(i)}/api/auth/me`, { headers: { cookie: admin } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { email: string }).email).toBe('admin@demo.local');
    }
  });

  it('long-polling through nginx stays with the process that made its session and receives events from both', async () => {
    const hub = await connectHub(t.cluster.url, { headers: { cookie: admin } }, {}, ['polling']);
    try {
      const sid = hub.socket.io.engine.id;
      expect(sid).toMatch(/^api[12]\.[A-Za-z0-9_-]{24}$/);
      // Without the routing by sid, a poll reaching the other process is refused (the session is
      // not there): round-robin would end the connection at its second request.
      const other = t.cluster.nodes.find((n) => !sid.startsWith(`${n.name}.`))!;
      const astray = await fetch(`${other.url}/api/notificationHub/?EIO=4&transport=polling&sid=${sid}`, {
        headers: { cookie: admin },
      });
      expect(astray.status).toBe(400);
      let disconnected = false;
      hub.socket.on('disconnect', () => {
        disconnected = true;
      });
      // Events raised on each process in turn: each arrives on a pending poll, after which the
      // client polls again (a new request through nginx, round-robin for anything without a sid).
      for (let round = 0; round < 6; round++) {
        const [row] = (
          await db.query(`insert into notifications (notification_data) values ($1) returning id`, [
            { fullName: `Polling ${round}`, universityName: 'U', courseName: 'C' },
          ])
        ).rows as { id: number }[];
        const res = await fetch(`${nodeUrl(round % 2)}/api/Notification/markNotified`, {
          method: 'POST',
          headers: { cookie: admin, origin: t.cluster.url, 'content-type': 'application/json' },
          body: JSON.stringify({ ids: [row!.id] }),
        });
        expect(res.status).toBe(200);
        await eventually(() => hub.read.some((ids) => ids.includes(row!.id)), 10_000, `event ${round}`);
      }
      expect(disconnected).toBe(false);
      expect(hub.socket.connected).toBe(true);
      expect(hub.socket.io.engine.transport.name).toBe('polling');
      expect(hub.socket.io.engine.id).toBe(sid);
    } finally {
      hub.close();
    }
  });

  it('the WebSocket upgrade is proxied too (websocket only, and polling upgraded)', async () => {
    const clients: THubClient[] = [];
    try {
      clients.push(await connectHub(t.cluster.url, { headers: { cookie: admin } }, {}, ['websocket']));
      clients.push(
        await connectHub(t.cluster.url, { headers: { cookie: admin } }, {}, ['polling', 'websocket']),
      );
      await eventually(() => clients[1]!.socket.io.engine.transport.name === 'websocket', 10_000, 'upgrade');
      const [row] = (
        await db.query(`insert into notifications (notification_data) values ($1) returning id`, [
          { fullName: 'Socket', universityName: 'U', courseName: 'C' },
        ])
      ).rows as { id: number }[];
      const res = await fetch(`${t.cluster.url}/api/Notification/markNotified`, {
        method: 'POST',
        headers: { cookie: admin, origin: t.cluster.url, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [row!.id] }),
      });
      expect(res.status).toBe(200);
      for (const c of clients) await eventually(() => c.read.some((ids) => ids.includes(row!.id)), 10_000);
    } finally {
      for (const c of clients) c.close();
    }
  });

  it('a handshake from another origin is refused through nginx too', async () => {
    await expect(
      connectHub(t.cluster.url, { headers: { cookie: admin } }, { origin: 'https://evil.example' }, [
        'polling',
      ]),
    ).rejects.toThrow();
  });

  it('the anonymous rate limit is counted across processes, and a made-up X-Forwarded-For does not reset it', async () => {
    const remaining = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${url}/api/health`, { headers });
      return { status: res.status, left: Number(res.headers.get('x-ratelimit-remaining')) };
    };
    const a = await remaining(nodeUrl(first));
    const b = await remaining(nodeUrl(second));
    const c = await remaining(t.cluster.url, { 'x-forwarded-for': '203.0.113.9' });
    console.log(`x-ratelimit-remaining: api1 ${a.left}, api2 ${b.left}, via nginx (spoofed XFF) ${c.left}`);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.left).toBe(a.left - 1);
    expect(c.left).toBe(b.left - 1);
    // Use up the rest on both processes: then each process says 429, and so does nginx, whatever
    // X-Forwarded-For the client makes up (nginx replaces it with the client's address). The
    // processes trust their own host as the proxy: their ports must be reachable from it only.
    for (let i = 0; i < c.left; i++) await remaining(nodeUrl(i % 2));
    expect((await remaining(nodeUrl(first))).status).toBe(429);
    expect((await remaining(nodeUrl(second))).status).toBe(429);
    for (const spoofed of ['198.51.100.7', '127.0.0.2', '198.51.100.7, 10.0.0.1'])
      expect((await remaining(t.cluster.url, { 'x-forwarded-for': spoofed })).status).toBe(429);
  });
});
