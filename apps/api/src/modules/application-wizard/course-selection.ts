import { type TCourseChoice, ZStudentCourseList } from '@uniapply/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TDb } from '../../db/client.js';
import { studentCourses } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { TResource } from '../../resources/define.js';
import { resourceAccess, ZStudentQuery } from '../../resources/hooks.js';
import { inTransaction } from '../../resources/mutations.js';
import { describeSpecific } from '../../resources/operations.js';
import { listRows, type TRow } from '../../resources/queries.js';
import { actorOf, ownsStudent, type TActor } from '../../resources/scope.js';
import { deleteDraft } from './drafts-repository.js';
import { checkChoices } from './intake-rules.js';
import { recordSavedStage } from './review.js';
import { ZStageQuery } from './stage.js';

const COURSES_STEP = 9;
/** The selection the answer lists: the chosen courses and the submitted ones kept (a bound). */
const MAX_SELECTED = 500;

const ZSelectionQuery = ZStudentQuery.extend(ZStageQuery.shape);

/**
 * `StudentCourse/addOrUpdateList`: the student's course selection becomes `choices` (rows already
 * chosen are kept) plus the submitted ones, which are never removed; the stage is set and the course
 * step's draft dropped, in one transaction. A choice is a course and its intake (issue 21; a bare id
 * is a course without intakes), checked by `checkChoices`.
 */
export function replaceStudentCourses(
  db: TDb,
  resource: TResource,
  actor: TActor,
  studentId: number,
  choices: TCourseChoice[],
  stage: number | undefined,
): Promise<TRow[]> {
  return inTransaction(db, resource.label, async (tx) => {
    if (!(await ownsStudent(tx, actor, studentId))) throw notFound('Student not found.');
    const { wanted, unsubmitted } = await checkChoices(tx, studentId, choices);
    const keyOf = (c: { universityCourseId: number; intakeId: number | null }) =>
      `${c.universityCourseId}:${c.intakeId ?? ''}`;
    const keep = new Set(wanted.map(keyOf));
    // Submitted courses stay (DESIGN 6): only unsubmitted selections leave the list.
    const leaving = unsubmitted.filter((r) => !keep.has(keyOf(r))).map((r) => r.id);
    if (leaving.length) await tx.delete(studentCourses).where(inArray(studentCourses.id, leaving));
    await tx
      .insert(studentCourses)
      .values(wanted.map((c) => ({ studentId, ...c })))
      .onConflictDoNothing();
    if (stage !== undefined) await recordSavedStage(tx, studentId, stage);
    await deleteDraft(tx, studentId, COURSES_STEP);
    const filter = { where: eq(studentCourses.studentId, studentId) };
    return listRows(tx, resource, actor, filter, MAX_SELECTED);
  });
}

export function registerCourseSelectionRoutes(app: FastifyInstance) {
  const studentCourse = app.resources.get('StudentCourse');
  app.withTypeProvider<ZodTypeProvider>().post(
    '/StudentCourse/addOrUpdateList',
    {
      config: { access: resourceAccess(studentCourse, 'write') },
      schema: {
        ...describeSpecific(studentCourse, 'addOrUpdateList', 'rows', "Replace a student's course selection"),
        description:
          "Replaces the student's course selection and sets the stage. Each choice is a university course id " +
          '(a course without intakes) or `{ universityCourseId, intakeId }`. A course with intakes needs one ' +
          '(400 `intakeRequired`); the intake must be of that course (400 `intakeNotOfCourse`), one per course ' +
          '(400 `intakeTwice`); another intake of a course with a live submitted application is a 409 ' +
          '`applicationLive` (allowed once that application is withdrawn, rejected or finished).',
        querystring: ZSelectionQuery,
        body: ZStudentCourseList,
      },
    },
    async (
      req: FastifyRequest<{
        Querystring: z.infer<typeof ZSelectionQuery>;
        Body: z.output<typeof ZStudentCourseList>;
      }>,
    ) => {
      const { studentId, stage } = req.query;
      if (!studentId) {
        throw badRequest('studentId is required.', [
          { path: 'querystring.studentId', message: 'validation.required' },
        ]);
      }
      return replaceStudentCourses(
        app.database.db,
        studentCourse,
        actorOf(req.user!),
        studentId,
        req.body,
        stage,
      );
    },
  );
}
