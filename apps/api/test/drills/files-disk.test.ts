import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { signInAs, type TestApp } from '../app.js';
import { createTestDatabase } from '../db.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { apiClient, expectPromptClose, startInProcessApi } from './api.js';
import { certificateUpload, paddedPdf, spooled, storedVersusRows } from './files.js';
import { startLoad, summarize } from './load.js';
import { DRILL_PORTS } from './ports.js';

// Drill (issue 11 item 3): the files disk full, then read-only. FILES_DIR is a small tmpfs this
// test mounts (as root; where mounting is not allowed the test says so and skips: a full disk is
// never faked). A student uploads certificates at a fixed rate while the disk is filled to the
// last byte, freed, remounted read-only and made writable again. Users must get a clear, translated
// refusal (507 storageFull, 503 storageUnavailable with Retry-After), never a 500 or a hang; no
// partial file may stay in the spool, no row may point at missing bytes, no bytes may lack a row,
// and every acknowledged upload must be there, byte for byte.

const RATE = 4; // uploads a second
const DURATION_MS = 18_000;
const TIMEOUT_MS = 15_000;
const FILE_BYTES = 256 * 1024;
const DISK_MB = 32;
const FULL_AT_MS = 3_000;
const FREED_AT_MS = 7_000;
const READ_ONLY_AT_MS = 10_000;
const WRITABLE_AT_MS = 14_000;
/** Requests sent this long after a repair must all succeed (generous for a loaded machine). */
const SETTLE_MS = 3_000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (elapsed: () => number, at: number) => {
  const left = at - elapsed();
  if (left > 0) await wait(left);
};

/** Mounts a tmpfs of `mb` megabytes at `dir`, or says why it cannot. */
function mountTmpfs(dir: string, mb: number): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `cannot mount a tmpfs here (${String((err as { stderr?: Buffer }).stderr ?? err).trim()})`;
  }
}
const remount = (dir: string, mode: 'ro' | 'rw') => execFileSync('mount', ['-o', `remount,${mode}`, dir]);

/** Fills the filesystem of `dir` to the last byte with one file; returns how much it wrote. */
function fillDisk(file: string): number {
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) written += fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

describe('drill: the files disk full, then read-only', () => {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-drill-disk-'));
  let cannotMount: string | null = 'not tried';
  let t: TestApp;

  beforeAll(async () => {
    cannotMount = mountTmpfs(filesDir, DISK_MB);
    if (cannotMount) return;
    const database = await createTestDatabase();
    await seedReferenceData(database.db);
    t = await startInProcessApi(DRILL_PORTS.filesApi, database, { FILES_DIR: filesDir, UPLOAD_MAX_MB: '1' });
  }, 60_000);
  afterAll(async () => {
    if (t && !t.app.server.listening) await t.database.close();
    else await t?.close();
    if (!cannotMount) {
      try {
        remount(filesDir, 'rw');
      } finally {
        execFileSync('umount', [filesDir]);
      }
    }
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('refuses uploads with storageFull / storageUnavailable while the disk is full or read-only, leaves nothing half-done, and takes uploads again after', async (ctx) => {
    if (cannotMount) {
      console.log(`drill skipped: ${cannotMount}`);
      ctx.skip();
    }
    const who = await signInAs(t, 'disk.student@drills.test', 'Student');
    const profile = await client(t, who).post(
      '/StudentInfo/CreateOrUpdate?studentId=0&stage=2',
      studentInfoBody('Disk'),
    );
    const studentId = (profile.body as { id: number }).id;
    const student = apiClient(t.baseUrl, who);
    const data = paddedPdf(FILE_BYTES);
    const { payload, headers } = certificateUpload(studentId, data);
    const filler = path.join(filesDir, 'filler');

    const load = startLoad({
      rate: RATE,
      durationMs: DURATION_MS,
      maxRequests: Math.ceil((RATE * DURATION_MS) / 1000) + 1,
      timeoutMs: TIMEOUT_MS,
      next: () => ({
        kind: 'upload',
        send: (signal) => student.postRaw('/Qualification/upload', payload, headers, signal),
        check: (body) => (body as { fileId: string }).fileId,
      }),
    });
    await until(load.elapsed, FULL_AT_MS);
    const fullAt = load.elapsed();
    const filled = fillDisk(filler);
    await until(load.elapsed, FREED_AT_MS);
    fs.rmSync(filler);
    const freedAt = load.elapsed();
    await until(load.elapsed, READ_ONLY_AT_MS);
    remount(filesDir, 'ro');
    const readOnlyAt = load.elapsed();
    await until(load.elapsed, WRITABLE_AT_MS);
    remount(filesDir, 'rw');
    const writableAt = load.elapsed();
    const outcomes = await load.done;

    // The two faults' figures, split halfway between freeing the disk and making it read-only.
    const between = (freedAt + readOnlyAt) / 2;
    const full = summarize(
      'files disk full',
      outcomes.filter((o) => o.sentAt < between),
      { faultAt: fullAt, backAt: freedAt },
    );
    const readOnly = summarize(
      'files disk read-only',
      outcomes.filter((o) => o.sentAt >= between),
      { faultAt: readOnlyAt, backAt: writableAt },
    );
    console.log(`  the filler took ${(filled / 1024 / 1024).toFixed(1)} MB of the ${DISK_MB} MB disk`);

    // What users saw: a clean, translated refusal during each fault, never a 500, never a hang.
    expect(outcomes.filter((o) => o.status === -1 || o.status === 0)).toEqual([]);
    const refused = outcomes.filter((o) => o.status !== 200);
    for (const o of refused) {
      if (o.code === 'storageFull') expect(o.status).toBe(507);
      else {
        expect(o).toMatchObject({ status: 503, code: 'storageUnavailable' });
        expect(Number(o.retryAfter)).toBeGreaterThan(0);
      }
    }
    expect(
      refused.some((o) => o.code === 'storageFull'),
      'the full disk was seen',
    ).toBe(true);
    expect(
      refused.some((o) => o.code === 'storageUnavailable'),
      'the read-only disk was seen',
    ).toBe(true);
    const inWindow = (o: { sentAt: number }, from: number, to: number) => o.sentAt >= from && o.sentAt <= to;
    for (const o of refused)
      expect(
        inWindow(o, fullAt - 500, freedAt + SETTLE_MS) ||
          inWindow(o, readOnlyAt - 500, writableAt + SETTLE_MS),
        `refused outside a fault: ${JSON.stringify(o)}`,
      ).toBe(true);
    expect(full.recoveredMs).toBeLessThan(SETTLE_MS);
    expect(readOnly.recoveredMs).toBeLessThan(SETTLE_MS);

    // Nothing half-done: no partial file in the spool, no row without its bytes, no bytes without a row.
    expect(spooled(filesDir)).toEqual([]);
    const check = await storedVersusRows(t.database, filesDir);
    expect(check.rowsWithoutBytes).toEqual([]);
    expect(check.bytesWithoutRow).toEqual([]);
    // Every acknowledged upload is there, byte for byte.
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.value as string);
    expect(check.rows).toBe(acknowledged.length);
    for (const fileId of acknowledged) {
      const res = await fetch(`${t.baseUrl}/api/Document/downloadByFileId/${fileId}`, {
        headers: who.headers,
      });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    }
    console.log(
      `  uploads acknowledged ${acknowledged.length}, refused ${refused.length}; partial files 0, rows without bytes 0, bytes without a row 0, acknowledged uploads lost 0`,
    );
    await expectPromptClose(t);
  }, 120_000);
});
