import { badRequest } from '../../http/errors.js';
import type { TResourceHooks } from '../../resources/define.js';
import type { TResourceBase } from '../../resources/definitions/index.js';
import type { ResourceRegistry } from '../../resources/registry.js';
import { fileIdsOfStudent, lockFilesOfStudent } from './repository.js';
import { purgeNow, type TDocumentsDeps } from './service.js';

// The records' files (DESIGN 6 "Files"): a qualification's or language's certFileName and
// transcriptFileName name a file of the same student by its fileId; deleting a student removes
// its stored files after the database commit.

const FILE_FIELDS: Partial<Record<TResourceBase, string[]>> = {
  Qualification: ['certFileName', 'transcriptFileName'],
  Language: ['certFileName'],
};

/** Each file field names a live file of the record's student (rows locked against the sweep). */
const sameStudentFiles = (fields: string[]): TResourceHooks => ({
  async beforeWrite({ verb }, row, { tx }) {
    if (verb === 'delete') return row;
    const named = fields.filter((f) => row[f] !== null && row[f] !== undefined);
    if (named.length === 0) return row;
    const studentId = Number(row.studentId);
    const found = await fileIdsOfStudent(
      tx,
      studentId,
      named.map((f) => row[f]),
      true,
    );
    const bad = named.filter((f) => !found.has(String(row[f]).toLowerCase()));
    if (bad.length) {
      throw badRequest(
        'A file must be uploaded for this student first.',
        bad.map((f) => ({ path: `body.${f}`, message: 'validation.file' })),
      );
    }
    return { ...row, ...Object.fromEntries(named.map((f) => [f, String(row[f]).toLowerCase()])) };
  },
});

/** Files of a student being deleted, handed from before the delete to after its commit. */
function purgeStudentFiles(deps: TDocumentsDeps): TResourceHooks {
  const pending = new WeakMap<object, string[]>();
  return {
    async beforeWrite(ctx, row, { tx, id }) {
      if (ctx.verb === 'delete' && id !== undefined) pending.set(ctx, await lockFilesOfStudent(tx, id));
      return row;
    },
    async afterCommit(ctx) {
      const ids = pending.get(ctx);
      // The delete released the rows (files.student_id set null); a failed storage delete is
      // logged and retried by the sweep.
      if (ids?.length) await purgeNow(deps, ids);
    },
  };
}

export function extendRecordsWithFiles(resources: ResourceRegistry, deps: TDocumentsDeps) {
  for (const [base, fields] of Object.entries(FILE_FIELDS) as [TResourceBase, string[]][])
    resources.extend(base, { hooks: sameStudentFiles(fields) });
  resources.extend('StudentInfo', { hooks: purgeStudentFiles(deps) });
}
