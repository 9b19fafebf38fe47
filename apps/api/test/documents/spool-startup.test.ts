import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../app.js';
import { testDbKind } from '../db.js';
import { apiClient, signIn } from '../drills/api.js';
import { studentInfoBody } from '../resources/helpers.js';
import { type ServerProcess, startServer, waitUntilReady } from '../startup/server-process.js';
import { multipart } from './helpers.js';
import { pdfFile } from './samples.js';

// Issue 18 item 13: an upload cut off by a kill -9 leaves its part-written spool file; the next
// process removes it when it starts, not an hour later at its first sweep. Spool files of other
// live processes (the same FILES_DIR shared on one host, or from another host) are left alone.

describe.skipIf(testDbKind() !== 'pglite')('item 25: the upload spool at start-up', () => {
  let dataDir = '';
  const started: ServerProcess[] = [];
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-spool-'));
  });
  afterAll(async () => {
    for (const s of started)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exited));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const spool = () => path.join(dataDir, 'files', 'tmp');
  const spoolEntries = () => (fs.existsSync(spool()) ? fs.readdirSync(spool()).sort() : []);
  const start = async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      MAIL_POLL_MS: '0',
    });
    started.push(server);
    await waitUntilReady(server, 100_000);
    return { server, url: `http://127.0.0.1:${port}`, port };
  };

  it('item 25: a partial upload left by a kill -9 is gone once the next process has started', {
    timeout: 240_000,
  }, async () => {
    const first = await start();
    const student = await signIn(first.url, 'spool.student@spool.test', 'Student');
    const made = await apiClient(first.url, student).post('/StudentInfo/add', studentInfoBody('Spooler'));
    expect(made.status).toBe(200);

    // Half an upload, then nothing: the server has started its spool file.
    const { payload, headers } = multipart([{ name: 'file', filename: 'cv.pdf', data: pdfFile(200_000) }]);
    const socket = net.connect(first.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        'POST /api/Qualification/upload HTTP/1.1',
        `Host: 127.0.0.1:${first.port}`,
        `Cookie: ${student.cookie}`,
        `Content-Type: ${headers['content-type']}`,
        `Content-Length: ${payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(payload.subarray(0, 100_000));
    const deadline = Date.now() + 30_000;
    while (!spoolEntries().some((n) => n.endsWith('.part')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const partial = spoolEntries().filter((n) => n.endsWith('.part'));
    expect(partial).toHaveLength(1);
    first.server.child.kill('SIGKILL');
    expect(await first.server.exited).toBe('SIGKILL');
    socket.destroy();
    expect(spoolEntries()).toEqual(partial);

    // Beside it: a file of another live process on this host (this test's own process), one from
    // another host written just now, and one from another host two hours old.
    const host = os.hostname();
    const live = `${host}.${process.pid}.11111111-1111-4111-8111-111111111111.part`;
    const elsewhere = 'other-host.42.22222222-2222-4222-8222-222222222222.part';
    const old = 'other-host.42.33333333-3333-4333-8333-333333333333.part';
    for (const name of [live, elsewhere, old]) fs.writeFileSync(path.join(spool(), name), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(path.join(spool(), old), twoHoursAgo, twoHoursAgo);

    const second = await start();
    expect(spoolEntries()).toEqual([elsewhere, live].sort());
    expect(second.server.output()).toMatch(/"spoolRemoved":2/);
    second.server.child.kill('SIGTERM');
    expect(await second.server.exited).toBe(0);
  });
});
