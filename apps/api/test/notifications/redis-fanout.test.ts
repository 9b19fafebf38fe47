// @both-databases: two API processes on one PostgreSQL
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { completeApplication as completeApplicationOf } from '../application-wizard/complete.js';
import { client, seedCatalogue } from '../resources/helpers.js';
import { type ServerProcess, startServer, waitUntilReady } from '../startup/server-process.js';
import { connectHub, eventually } from './sockets.js';

// Issue 10 "Must show": with Redis, a confirm handled by one API process reaches an admin connected
// to a SECOND process. Process one is this test's own app; process two is the real server started
// as a child process on the same PostgreSQL database and the same Redis. The hub's channel is
// unique to this run, since other test runs share that Redis.

const redisUrl = process.env.TEST_REDIS_URL;
const onPostgres = process.env.TEST_DB === 'postgres';
const reason = !redisUrl
  ? 'TEST_REDIS_URL is not set'
  : !onPostgres
    ? 'two processes need PostgreSQL (the api-postgres project)'
    : '';

describe.skipIf(reason !== '')(
  `Redis fan-out across two API processes${reason ? ` (skipped: ${reason})` : ''}`,
  () => {
    const channel = `uniapply-hub-test-${randomBytes(6).toString('hex')}`;
    let one: TestApp;
    let two: ServerProcess;
    let twoUrl: string;
    let filesDir: string;

    beforeAll(async () => {
      filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-fanout-'));
      const env = { REDIS_URL: redisUrl!, REDIS_HUB_CHANNEL: channel, FILES_DIR: filesDir };
      one = await createTestApp(env);
      await seedReferenceData(one.database.db);
      const url = (one.database as { url?: string }).url!;
      two = startServer({ ...env, DATABASE_URL: url, SEED_DEMO: 'false', DATA_DIR: filesDir });
      twoUrl = `http://127.0.0.1:${await waitUntilReady(two)}`;
    }, 120_000);
    afterAll(async () => {
      two?.child.kill('SIGTERM');
      await two?.exited;
      await one?.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    });

    it("an admin on process two receives the notification of a confirm handled by process one, and its tabs' reads", async () => {
      const adminWho = await signInAs(one, 'fanout.admin@notify.test', 'Admin');
      const studentWho = await signInAs(one, 'fanout.student@notify.test', 'Student');
      const admin = client(one, adminWho);
      const student = client(one, studentWho);
      const cat = await seedCatalogue(admin, 'Fan');
      const onTwo = await connectHub(twoUrl, adminWho);
      const onOne = await connectHub(one.baseUrl, adminWho);
      const id = await completeApplicationOf(one, student, studentWho, 'Farrukh', [cat.universityCourseId]);

      const sent = performance.now();
      expect((await student.post('/Stage/confirm', { studentId: id })).status).toBe(200);
      await eventually(() => onTwo.received.length === 1, 5000, 'the notification on process two');
      console.log(`confirm → admin socket on the other process: ${(performance.now() - sent).toFixed(1)} ms`);
      expect(onTwo.received[0]!.notificationData).toEqual({
        fullName: 'Farrukh Tester',
        universityName: 'Fan University',
        courseName: 'Fan Software',
      });
      await eventually(() => onOne.received.length === 1, 5000, 'the notification on process one');

      // Marking on process one clears the bell of the tab on process two.
      const marked = await admin.post('/Notification/markNotified', { ids: [onTwo.received[0]!.id] });
      expect(marked.status).toBe(200);
      await eventually(() => onTwo.read.length === 1, 5000, 'NotificationsRead on process two');
      expect(onTwo.read[0]).toEqual([onTwo.received[0]!.id]);

      // Logout on process one disconnects the session's socket on process two.
      expect((await admin.post('/auth/logout')).status).toBe(204);
      expect(await onTwo.disconnected).toBe('io server disconnect');
      onOne.close();

      // A process shutting down (SIGTERM) closes its open sockets and exits cleanly, at once.
      const last = await connectHub(twoUrl, await signInAs(one, 'fanout.other@notify.test', 'Admin'));
      const stopping = Date.now();
      two.child.kill('SIGTERM');
      expect(await two.exited).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(5000);
      await last.disconnected;
    });
  },
);
