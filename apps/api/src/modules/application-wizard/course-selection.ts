import { ZStudentCourseList } from '@uniapply/shared';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TDb } from '../../db/client.js';
import { studentCourses, universityCourses } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { TResource } from '../../resources/define.js';
import { resourceAccess, ZStudentQuery } from '../../resources/hooks.js';
import { inTransaction } from '../../resources/mutations.js';
import { describeSpecific } from '../../resources/operations.js';
import { listRows, type TRow } from '../../resources/queries.js';
import { actorOf, ownsStudent, type TActor } from '../../resources/scope.js';
import { deleteDraft } from './drafts-repository.js';
import { recordSavedStage } from './review.js';
import { ZStageQuery } from './stage.js';

const COURSES_STEP = 9;
/** The selection the answer lists: the chosen courses and the submitted ones kept (a bound). */
const MAX_SELECTED = 500;

const ZSelectionQuery = ZStudentQuery.extend(ZStageQuery.shape);

/**
 * `StudentCourse/addOrUpdateList`: the student's course selection becomes `ids` (rows already chosen
 * are kept) plus the submitted ones, which are never removed; the stage is set and the course
 * step's draft dropped, in one transaction.
 */
export function replaceStudentCourses(
  db: TDb,
  resource: TResource,
  actor: TActor,
  studentId: number,
  ids: number[],
  stage: number | undefined,
): Promise<TRow[]> {
  const wanted = [...new Set(ids)];
  return inTransaction(db, resource.label, async (tx) => {
    if (!(await ownsStudent(tx, actor, studentId))) throw notFound('Student not found.');
    const found = await tx
      .select({ id: universityCourses.id })
      .from(universityCourses)
      .where(inArray(universityCourses.id, wanted));
    const known = new Set(found.map((r) => r.id));
    const missing = ids.findIndex((id) => !known.has(id));
    if (missing >= 0) {
      throw badRequest(`University course ${ids[missing]} does not exist.`, [
        { path: `body.${missing}`, message: 'validation.notFound' },
      ]);
    }
    // Submitted courses stay (DESIGN 6): only unsubmitted selections leave the list.
    await tx
      .delete(studentCourses)
      .where(
        and(
          eq(studentCourses.studentId, studentId),
          notInArray(studentCourses.universityCourseId, wanted),
          isNull(studentCourses.submittedAt),
        ),
      );
    await tx
      .insert(studentCourses)
      .values(wanted.map((universityCourseId) => ({ studentId, universityCourseId })))
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
          "Replaces the student's course selection with the given university course ids and sets the stage.",
        querystring: ZSelectionQuery,
        body: ZStudentCourseList,
      },
    },
    async (req: FastifyRequest<{ Querystring: z.infer<typeof ZSelectionQuery>; Body: number[] }>) => {
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
