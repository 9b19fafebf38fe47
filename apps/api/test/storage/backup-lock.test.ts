// @both-databases: purges during a backup (locks; PostgreSQL only)
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { BACKUP_LOCK } from '../../src/modules/documents/repository.js';
import { documentsDeps } from '../../src/modules/documents/service.js';
import { purgeReleased } from '../../src/modules/documents/sweep.js';
import { signInAs } from '../app.js';
import { testDbKind } from '../db.js';
import { createDocsApp, remove, upload } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import { client, studentInfoBody } from '../resources/helpers.js';

// While a backup copies the files of its database snapshot (PostgreSQL, the portal running), file
// deletes wait: a file released after the snapshot must still be there for the backup to copy.

let t: Awaited<ReturnType<typeof createDocsApp>>;

describe.runIf(testDbKind() === 'postgres')('purges during a backup', () => {
  beforeAll(async () => {
    t = await createDocsApp();
  });
  afterAll(() => t?.close());

  it('keeps a released file (row and bytes) while the backup lock is held, and purges it after', async () => {
    const who = await signInAs(t, 'lock-student@storage.test', 'Student');
    const studentId = (
      (await client(t, who).post('/StudentInfo/add', studentInfoBody('Lock'))).body as { id: number }
    ).id;
    const up = await upload(t, who, '/Document/upload', {
      file: { filename: 'p.pdf', data: pdfFile() },
      fields: { DocumentTypeId: 1 },
    });
    const { id, fileId } = up.body as { id: number; fileId: string };
    const onDisk = () => fs.existsSync(path.join(t.filesDir, String(studentId), fileId));

    const backup = new pg.Client({ connectionString: (t.database as { url?: string }).url });
    await backup.connect();
    try {
      await backup.query('select pg_advisory_lock($1)', [BACKUP_LOCK]);
      expect((await remove(t, who, `/Document/delete/${id}`)).status).toBe(204);
      const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
      expect(row?.studentId).toBeNull(); // released ...
      expect(onDisk()).toBe(true); // ... but not deleted while the backup runs
      await backup.query('select pg_advisory_unlock($1)', [BACKUP_LOCK]);
    } finally {
      await backup.end();
    }
    const deps = documentsDeps(t.app.storage, t.app.config, t.database.db, { warn() {}, error() {} });
    expect(await purgeReleased(deps, [fileId])).toBe(1);
    expect(onDisk()).toBe(false);
  });
});
