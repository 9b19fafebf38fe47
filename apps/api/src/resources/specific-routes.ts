import { ZStudentCourseList } from '@uniapply/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../http/errors.js';
import type { TResource } from './define.js';
import { resources } from './definitions/index.js';
import { checkBody, guard, normalizeBody, ZStageQuery, zPathId } from './hooks.js';
import { addRow, replaceStudentCourses, updateRow } from './mutations.js';
import type { TRow } from './queries.js';
import { actorOf } from './scope.js';

// The resource-specific routes of spec 7.2 (the original client's add/update paths).

const ZIdParams = z.object({ id: zPathId });

function registerAddAndPut(app: FastifyInstance, resource: TResource, addPath: string, putPath: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const write = {
    onRequest: guard(resource, 'write'),
    preValidation: [checkBody, normalizeBody(resource)],
  };
  const tags = [resource.base];
  r.post(`/${resource.base}/${addPath}`, { ...write, schema: { tags, body: resource.input } }, async (req) =>
    addRow(db, resource, actorOf(req.user!), req.body as TRow),
  );
  r.put(
    `/${resource.base}/${putPath}/:id`,
    { ...write, schema: { tags, params: ZIdParams, body: resource.input } },
    async (req) => updateRow(db, resource, actorOf(req.user!), req.params.id, req.body as TRow),
  );
}

export function registerSpecificRoutes(app: FastifyInstance) {
  registerAddAndPut(app, resources.Course, 'addCourse', 'updateCourse');
  registerAddAndPut(app, resources.UniversityCourse, 'AddUniversityCourse', 'UpdateUniversityCourse');

  const studentCourse = resources.StudentCourse;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/StudentCourse/addOrUpdateList',
    {
      onRequest: guard(studentCourse, 'write'),
      schema: {
        tags: [studentCourse.base],
        description:
          "Replaces the student's course selection with the given university course ids and sets the stage.",
        querystring: ZStageQuery,
        body: ZStudentCourseList,
      },
    },
    async (req: FastifyRequest<{ Querystring: z.infer<typeof ZStageQuery>; Body: number[] }>) => {
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
