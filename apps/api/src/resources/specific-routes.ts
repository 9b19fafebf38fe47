import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent, idempotentAdd } from '../http/idempotency.js';
import type { TResource } from './define.js';
import { checkBody, normalizeBody, resourceAccess, zPathId } from './hooks.js';
import { addRow, updateRow } from './mutations.js';
import { describeSpecific, idempotentSchema } from './operations.js';
import type { TRow } from './queries.js';
import { actorOf } from './scope.js';

// The catalogue's resource-specific routes of spec 7.2 (the original client's add/update paths).

const ZIdParams = z.object({ id: zPathId });

function registerAddAndPut(app: FastifyInstance, resource: TResource, addPath: string, putPath: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const write = {
    config: { access: resourceAccess(resource, 'write') },
    preValidation: [checkBody, normalizeBody(resource)],
  };
  const add = describeSpecific(resource, addPath, 'row', `Add a ${resource.label}`);
  const put = describeSpecific(resource, putPath, 'row', `Change the ${resource.label} with this id`);
  r.post(
    `/${resource.base}/${addPath}`,
    { ...write, ...idempotent(db), schema: idempotentSchema(add, resource.input) },
    async (req, res) =>
      idempotentAdd(req, res, (key) => addRow(db, resource, actorOf(req.user!), req.body as TRow, key)),
  );
  r.put(
    `/${resource.base}/${putPath}/:id`,
    { ...write, schema: { ...put, params: ZIdParams, body: resource.input } },
    async (req) => updateRow(db, resource, actorOf(req.user!), req.params.id, req.body as TRow),
  );
}

export function registerSpecificRoutes(app: FastifyInstance) {
  registerAddAndPut(app, app.resources.get('Course'), 'addCourse', 'updateCourse');
  registerAddAndPut(
    app,
    app.resources.get('UniversityCourse'),
    'AddUniversityCourse',
    'UpdateUniversityCourse',
  );
}
