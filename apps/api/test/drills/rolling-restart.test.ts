import fs from 'node:fs';
import path from 'node:path';
import { REALTIME } from '@uniapply/shared';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile } from '../documents/samples.js';
import { signInVia, startTestCluster, type TTestCluster } from './cluster-setup.js';

// Issue 11 item 3, the rolling restart: three API processes behind nginx on a private PostgreSQL
// and Redis, a fixed load through nginx (an agent reading lists, adding students, uploading
// documents), and SIGTERM to one process at a time, each started again before the next. Users see
// nothing: zero failed requests, the requests in flight at each SIGTERM (uploads too) finish,
// every acknowledged write is in the database, and the admin's socket reconnects by itself.

const FRONT = 3620;
// Requests per second at a fixed arrival rate. Sized for a loaded 2-core machine: a process
// starting again (tsx compiles the API) takes most of a core for a while, and the others must keep
// answering within the client's 30 s.
const RATE = Number(process.env.DRILL_RATE ?? 8);
const MAX_REQUESTS = 5000;

let t: TTestCluster;
let agent = '';
let admin = '';

beforeAll(async () => {
  t = await startTestCluster({
    frontPort: FRONT,
    postgresPort: 3630,
    redisPort: 3631,
    nodes: 3,
    env: { RATE_LIMIT_MAX: '1000000', RATE_LIMIT_ANONYMOUS_MAX: '1000000' },
  });
  agent = await signInVia(t.cluster.url, 'agent@demo.local');
  admin = await signInVia(t.cluster.url, 'admin@demo.local');
}, 300_000);

afterAll(async () => {
  await t?.close();
}, 90_000);

type TOutcome = { kind: string; started: number; ended: number; status: number; error?: string };

/** A PDF of about `kb` kilobytes (the sample, padded with a comment before its end). */
function bigPdf(kb: number): Buffer {
  const pdf = pdfFile().toString('latin1');
  const at = pdf.lastIndexOf('%%EOF');
  return Buffer.from(`${pdf.slice(0, at)}%${'x'.repeat(kb * 1024)}\n${pdf.slice(at)}`, 'latin1');
}

describe('drill: rolling restart of the API processes under load', () => {
  it('SIGTERM one process at a time: zero failed requests, in-flight work finishes, nothing acknowledged is lost, sockets reconnect', {
    timeout: 420_000,
  }, async () => {
    const base = t.cluster.url;
    const json = { 'content-type': 'application/json', origin: base };
    const created = await fetch(`${base}/api/StudentInfo/add`, {
      method: 'POST',
      headers: { ...json, cookie: agent },
      body: JSON.stringify(studentBody(0)),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const studentId = ((await created.json()) as { id: number }).id;
    const upload = bigPdf(256);

    // The admin's hub client, as the browser opens it (polling first, then the upgrade).
    const socket: Socket = io(base, {
      path: REALTIME.path,
      query: { role: 'admin' },
      extraHeaders: { cookie: admin },
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
    });
    let disconnects = 0;
    let reconnects = 0;
    let lastDisconnect = 0;
    const reconnectTimes: number[] = [];
    socket.on('disconnect', () => {
      disconnects++;
      lastDisconnect = Date.now();
    });
    socket.on('connect', () => {
      if (lastDisconnect) {
        reconnects++;
        reconnectTimes.push(Date.now() - lastDisconnect);
      }
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });

    // The fixed load: RATE arrivals a second, whatever the answers take.
    const outcomes: TOutcome[] = [];
    const writes: number[] = [];
    const pending = new Set<Promise<void>>();
    const send = (kind: string, url: string, init: RequestInit, onOk?: (body: unknown) => void) => {
      const started = Date.now();
      const p = fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(30_000) })
        .then(async (res) => {
          const text = await res.text();
          if (res.status === 200) onOk?.(text ? JSON.parse(text) : null);
          outcomes.push({
            kind,
            started,
            ended: Date.now(),
            status: res.status,
            error: res.ok ? undefined : text,
          });
        })
        .catch((err: Error) => {
          outcomes.push({ kind, started, ended: Date.now(), status: 0, error: err.message });
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    };
    let n = 0;
    const arrival = (i: number) => {
      const kind = i % 10;
      if (kind < 4) {
        send('list', '/api/University/getListByPage', {
          method: 'POST',
          headers: { ...json, cookie: agent },
          body: JSON.stringify({ page: i % 5, pageSize: 10 }),
        });
      } else if (kind < 6) {
        send('me', '/api/auth/me', { headers: { cookie: agent } });
      } else if (kind < 9) {
        send(
          'write',
          '/api/StudentInfo/add',
          { method: 'POST', headers: { ...json, cookie: agent }, body: JSON.stringify(studentBody(i)) },
          (body) => writes.push((body as { id: number }).id),
        );
      } else {
        const form = new FormData();
        form.set('studentId', String(studentId));
        form.set('DocumentTypeId', String((i % 3) + 1));
        form.set('file', new Blob([upload], { type: 'application/pdf' }), 'scan.pdf');
        send('upload', '/api/Document/upload', {
          method: 'POST',
          headers: { cookie: agent, origin: base },
          body: form,
        });
      }
    };
    const t0 = Date.now();
    let running = true;
    const load = (async () => {
      while (running && n < MAX_REQUESTS) {
        arrival(n++);
        const next = t0 + (n * 1000) / RATE;
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    })();

    // The restarts, one process at a time, with the load running before, between and after.
    await new Promise((r) => setTimeout(r, 3000));
    const sigterms: number[] = [];
    const restarts: { name: string; exit: number | string; downMs: number }[] = [];
    for (const node of t.cluster.nodes) {
      sigterms.push(Date.now());
      restarts.push({ name: node.name, ...(await t.cluster.restart(node.name)) });
      await new Promise((r) => setTimeout(r, 1500));
    }
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await load;
    await Promise.all([...pending]);

    const socketBack = await waitFor(() => socket.connected, 15_000).then(
      () => true,
      () => false,
    );
    const db = new pg.Client({ connectionString: t.cluster.databaseUrl });
    await db.connect();
    try {
      const found = await db.query('select count(*)::int as n from student_infos where id = any($1)', [
        writes,
      ]);
      const rowsLost = writes.length - found.rows[0].n;
      const failed = outcomes.filter((o) => o.status !== 200);
      const inFlightAtSigterm = outcomes.filter((o) => sigterms.some((s) => o.started <= s && o.ended >= s));
      const uploads = outcomes.filter((o) => o.kind === 'upload');
      const seconds = (Date.now() - t0) / 1000;
      const slowest = Math.max(0, ...reconnectTimes) / 1000;
      console.log(
        [
          `rolling restart drill (${t.cluster.nodes.length} API processes behind nginx, ${RATE} requests/s for ${seconds.toFixed(1)} s):`,
          `  requests sent ${outcomes.length} (${uploads.length} uploads of ${Math.round(upload.length / 1024)} KB), failed ${failed.length}`,
          `  in flight (on any process) when a SIGTERM was sent ${inFlightAtSigterm.length} (${inFlightAtSigterm.filter((o) => o.kind === 'upload').length} uploads), all finished with 200: ${inFlightAtSigterm.every((o) => o.status === 200)}`,
          `  restarts: ${restarts.map((r) => `${r.name} exit ${r.exit}, back in ${(r.downMs / 1000).toFixed(1)} s`).join('; ')}`,
          `  admin socket: ${disconnects} disconnects, ${reconnects} reconnects, recovered within ${slowest.toFixed(1)} s, connected at the end: ${socketBack}`,
          `  acknowledged writes ${writes.length}, rows lost ${rowsLost}`,
        ].join('\n'),
      );
      if (failed.length) {
        const byStatus = new Map<string, number>();
        for (const f of failed)
          byStatus.set(`${f.kind} ${f.status}`, (byStatus.get(`${f.kind} ${f.status}`) ?? 0) + 1);
        console.log(`failed by kind and status (0: no answer within 30 s): ${JSON.stringify([...byStatus])}`);
        const log = path.join(t.cluster.dir, 'nginx', 'error.log');
        console.log(
          `nginx's error log (last lines):\n${fs.readFileSync(log, 'utf8').split('\n').slice(-15).join('\n')}`,
        );
      }
      expect(failed.slice(0, 5)).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(RATE * 10);
      expect(uploads.length).toBeGreaterThan(0);
      for (const r of restarts) expect(r.exit).toBe(0);
      expect(rowsLost).toBe(0);
      expect(socketBack).toBe(true);
      expect(reconnects).toBe(disconnects);
      expect(slowest).toBeLessThan(10);

      // An event raised after the last restart still reaches the admin's socket.
      const [row] = (
        await db.query(`insert into notifications (notification_data) values ($1) returning id`, [
          { fullName: 'After the drill', universityName: 'U', courseName: 'C' },
        ])
      ).rows as { id: number }[];
      const heard = new Promise<number[]>((resolve) =>
        socket.on(REALTIME.readEvent, (r: { ids: number[] }) => resolve(r.ids)),
      );
      const marked = await fetch(`${base}/api/Notification/markNotified`, {
        method: 'POST',
        headers: { ...json, cookie: admin },
        body: JSON.stringify({ ids: [row!.id] }),
      });
      expect(marked.status).toBe(200);
      expect(await Promise.race([heard, new Promise((r) => setTimeout(() => r('timeout'), 10_000))])).toEqual(
        [row!.id],
      );
    } finally {
      await db.end();
      socket.close();
    }
  });
});

async function waitFor(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function studentBody(i: number) {
  return {
    firstName: `Drill${i}`,
    lastName: 'Restartova',
    passportSeries: 'AB',
    passportNumber: String(1_000_000 + ((i * 7919) % 8_999_999)),
    gender: 1,
    dateOfBirth: '2005-04-12',
    email: `drill${i}@mail.test`,
    address: 'Navoi street 1',
    city: 'Tashkent',
    postCode: '100000',
    race: 'Uzbek',
    phoneNumber: '+998901234567',
    country: 0,
  };
}
