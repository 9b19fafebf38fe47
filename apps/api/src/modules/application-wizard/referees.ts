import { MAX_REFEREES } from '@uniapply/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import { referees, studentInfos } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { TResourceHooks } from '../../resources/define.js';
import type { ResourceRegistry } from '../../resources/registry.js';

// Step 8's referees (issue 21 item 4): at most MAX_REFEREES per student, on every verb that puts a
// referee on a student (an add, or an update naming a student).

export const tooManyReferees = () =>
  new AppError(
    409,
    'Conflict',
    `A student may name at most ${MAX_REFEREES} referees.`,
    undefined,
    'tooManyReferees',
    { max: MAX_REFEREES },
  );

const refereeLimit: TResourceHooks = {
  async beforeWrite({ actor, verb }, row, { tx, id }) {
    if (verb === 'delete' || row.studentId === undefined) return row;
    const studentId = Number(row.studentId);
    // Concurrent adds for one student queue on its row. Another owner's student is left to the
    // engine's check, which answers 404 as for a missing one (never this limit's 409).
    const [student] = await tx
      .select({ id: studentInfos.id })
      .from(studentInfos)
      .where(
        and(
          eq(studentInfos.id, studentId),
          actor.role === 'Admin' ? undefined : eq(studentInfos.userId, actor.id),
        ),
      )
      .for('update');
    if (!student) return row;
    const [held] = await tx
      .select({ n: count() })
      .from(referees)
      .where(and(eq(referees.studentId, studentId), id === undefined ? undefined : ne(referees.id, id)));
    if ((held?.n ?? 0) >= MAX_REFEREES) throw tooManyReferees();
    return row;
  },
};

/** Adds the limit to this app's Referee resource. */
export function extendReferees(resources: ResourceRegistry) {
  resources.extend('Referee', {
    hooks: refereeLimit,
    note: `A student names at most ${MAX_REFEREES} referees: a third is a 409 \`tooManyReferees\`.`,
  });
}
