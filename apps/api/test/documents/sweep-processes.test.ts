// @both-databases: the sweep in two processes (row locks)
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { files, languageQualifications } from '../../src/db/schema/index.js';
import { fileIdsOfStudent } from '../../src/modules/documents/repository.js';
import { documentsDeps } from '../../src/modules/documents/service.js';
import { sweepFiles, type TSweepDeps } from '../../src/modules/documents/sweep.js';
import { type SignedIn, signInAs } from '../app.js';
import { testDbKind } from '../db.js';
import { childBodies, client, studentInfoBody } from '../resources/helpers.js';
import { createDocsApp, listFiles, upload } from './helpers.js';
import { pdfFile } from './samples.js';

// The file sweep runs in every API process of a cluster (issue 11): two processes on one
// PostgreSQL database and one files folder sweeping at once must neither delete a file a record
// still refers to nor fail on each other's deletes, and a record saved while a sweep runs keeps
// the file it names.

describe.runIf(testDbKind() === 'postgres')(
  'the file sweep in two API processes on one PostgreSQL',
  { timeout: 120_000 },
  () => {
    let t: Awaited<ReturnType<typeof createDocsApp>>;
    let secondDb: Database;
    let second: FastifyInstance;
    let who: SignedIn;
    let studentId: number;
    const errors: { process: string; obj: unknown }[] = [];
    const depsOf = (name: string, app: FastifyInstance, database: Database): TSweepDeps =>
      documentsDeps(app.storage, app.config, database.db, {
        warn: () => {},
        error: (obj: unknown) => errors.push({ process: name, obj }),
      });
    let one: TSweepDeps;
    let two: TSweepDeps;

    beforeAll(async () => {
      t = await createDocsApp();
      secondDb = await openDatabase({ url: (t.database as { url?: string }).url!, poolSize: 4 });
      // The second process: the same settings, so the same files folder.
      second = await buildApp({ config: t.app.config, database: secondDb, logger: false });
      await second.ready();
      one = depsOf('one', t.app, t.database);
      two = depsOf('two', second, secondDb);
      who = await signInAs(t, 'two-sweeps@documents.test', 'Student');
      const res = await client(t, who).post('/StudentInfo/add', studentInfoBody('Sweeps'));
      studentId = (res.body as { id: number }).id;
    });
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
      await t?.close();
    });

    const put = async (name: string) => {
      const res = await upload(t, who, '/Qualification/upload', {
        file: { filename: name, data: pdfFile() },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as { fileId: string }).fileId;
    };
    const age = (ids: string[], hours: number) =>
      t.database.db
        .update(files)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(inArray(files.id, ids));
    const onDisk = (fileId: string) => fs.existsSync(path.join(t.filesDir, String(studentId), fileId));
    const liveRows = async (ids: string[]) =>
      (await t.database.db.select().from(files).where(inArray(files.id, ids))).filter(
        (r) => r.studentId === studentId,
      ).length;
    const anyRows = async (ids: string[]) =>
      (await t.database.db.select().from(files).where(inArray(files.id, ids))).length;

    it('delete each released or forgotten file once, keep every referenced one, and fail on nothing', async () => {
      const N = 12;
      const referenced: string[] = [];
      const forgotten: string[] = [];
      const released: string[] = [];
      const recent: string[] = [];
      for (let i = 0; i < N; i++) {
        referenced.push(await put(`cert-${i}.pdf`), await put(`transcript-${i}.pdf`));
        forgotten.push(await put(`forgotten-${i}.pdf`));
        released.push(await put(`released-${i}.pdf`));
        recent.push(await put(`recent-${i}.pdf`));
      }
      for (let i = 0; i < N; i++) {
        const saved = await client(t, who).post('/Qualification/add', {
          ...childBodies.Qualification!(studentId, `Q${i}`, 0),
          certFileName: referenced[2 * i],
          transcriptFileName: referenced[2 * i + 1],
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      }
      await age([...referenced, ...forgotten, ...released], 25);
      // Released by a request whose own delete did not happen yet (the sweep is the retry).
      await t.database.db.update(files).set({ studentId: null }).where(inArray(files.id, released));

      const results = await Promise.all([sweepFiles(one), sweepFiles(two), sweepFiles(one), sweepFiles(two)]);
      console.log(`  four sweeps at once (two processes): ${JSON.stringify(results)}`);

      expect(errors).toEqual([]);
      expect(results.reduce((n, r) => n + r.released, 0)).toBe(forgotten.length);
      expect(results.reduce((n, r) => n + r.purged, 0)).toBe(forgotten.length + released.length);
      expect(await liveRows([...referenced, ...recent])).toBe(referenced.length + recent.length);
      for (const id of [...referenced, ...recent]) expect(onDisk(id), id).toBe(true);
      expect(await anyRows([...forgotten, ...released])).toBe(0);
      for (const id of [...forgotten, ...released]) expect(onDisk(id), id).toBe(false);
      expect(listFiles(path.join(t.filesDir, 'tmp'))).toEqual([]);
    });

    it('a record saved while a sweep runs keeps its file (the save holds the file row; the sweep passes it by)', async () => {
      const fileId = await put('ielts.pdf');
      await age([fileId], 25);
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // As the Language resource's save does in process two: lock the named file row, then refer to it.
      const saving = secondDb.db.transaction(async (tx) => {
        expect(await fileIdsOfStudent(tx, studentId, [fileId], true)).toEqual(new Set([fileId]));
        await tx
          .insert(languageQualifications)
          .values({ studentId, languageType: 1, result: 'B2', yearOfExam: 2023, certFileName: fileId });
        holding();
        await committing;
      });
      await held;
      // The sweep runs to its end while the save still holds the row (it skips locked rows, so
      // it never waits for the save); then the save commits its reference.
      const result = await sweepFiles(one);
      commit();
      await saving;

      expect(result.released).toBe(0);
      const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
      expect(row?.studentId).toBe(studentId);
      expect(onDisk(fileId)).toBe(true);
      // With the reference committed, later sweeps in either process keep it too.
      await Promise.all([sweepFiles(one), sweepFiles(two)]);
      expect(await liveRows([fileId])).toBe(1);
      expect(onDisk(fileId)).toBe(true);
      expect(errors).toEqual([]);
    });
  },
);
