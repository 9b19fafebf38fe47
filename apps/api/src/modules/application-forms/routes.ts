import {
  ZApplicationForm,
  ZApplicationFormInput,
  ZApplicationFormRow,
  ZApplicationFormUpdate,
  ZPagedQuery,
  zId,
} from '@uniapply/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented, problems } from '../../http/openapi.js';
import { checkBody, resourceAccess, zPathId } from '../../resources/hooks.js';
import { inTransaction } from '../../resources/mutations.js';
import { describeVerb } from '../../resources/operations.js';
import { listPage } from '../../resources/queries.js';
import { actorOf } from '../../resources/scope.js';
import { withChanges } from '../application-status/events.js';
import { applicationFormResource as resource } from './resource.js';
import {
  addApplicationForm,
  applicationFormOf,
  deleteApplicationForm,
  updateApplicationForm,
} from './service.js';

// /api/ApplicationForm (spec 2.3, 3, 6; DESIGN 6). Reading: admins every submitted application,
// an agent their students', a student their own; another owner's row answers 404 like a missing
// one. Writing (Add, Edit, Delete of the admin screen): admins only. The PDF route
// (generate-application-form) lives beside this module in its own file.

const tags = [resource.base];
const row = documented(ZApplicationFormRow);

const actor = (req: FastifyRequest) => actorOf(req.user!);

export async function applicationFormsModule(fastify: FastifyInstance) {
  registerFormReads(fastify);
  registerFormWrites(fastify);
}

/** The admin list's page and one record; every role within its scope. */
function registerFormReads(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const read = { config: { access: resourceAccess(resource, 'read') }, preValidation: checkBody };

  app.post(
    '/ApplicationForm/getListByPage',
    {
      ...read,
      schema: {
        ...describeVerb(resource, 'getListByPage'),
        summary: 'One page of submitted applications (one row per submitted course) matching the filter',
        body: ZPagedQuery,
      },
    },
    async (req) => listPage(db, resource, actor(req), req.body),
  );

  app.get(
    '/ApplicationForm/:id',
    {
      ...read,
      schema: {
        tags,
        operationId: 'ApplicationForm_get',
        summary: 'The application form record of a submitted course (spec 3)',
        params: z.object({ id: zPathId }),
        response: { 200: documented(ZApplicationForm), ...problems(404) },
      },
    },
    async (req) => db.transaction((tx) => applicationFormOf(tx, actor(req), req.params.id)),
  );
}

/** Add, Edit and Delete of the admin screen: admins only. */
function registerFormWrites(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const write = { config: { access: ['Admin'] as const }, preValidation: checkBody };

  app.post(
    '/ApplicationForm/add',
    {
      ...write,
      schema: {
        tags,
        operationId: 'ApplicationForm_add',
        summary: 'Add a submitted course application for an existing student (admins)',
        description: 'The catalogue is never written; 409 when the student already applied for the course.',
        body: ZApplicationFormInput,
        response: { 200: row, ...problems(404, 409) },
      },
    },
    async (req) => withChanges(app, (tx, changes) => addApplicationForm(tx, actor(req), req.body, changes)),
  );

  app.post(
    '/ApplicationForm/update',
    {
      ...write,
      schema: {
        tags,
        operationId: 'ApplicationForm_update',
        summary: 'Change the course of a submitted application (admins)',
        description: "Duration and price are the chosen catalogue course's; the catalogue is never written.",
        body: ZApplicationFormUpdate,
        response: { 200: row, ...problems(404, 409) },
      },
    },
    async (req) =>
      inTransaction(db, 'application form', (tx) => updateApplicationForm(tx, actor(req), req.body)),
  );

  app.post(
    '/ApplicationForm/delete',
    {
      ...write,
      schema: {
        tags,
        operationId: 'ApplicationForm_delete',
        summary: 'Delete a submitted course application (admins)',
        body: z.object({ id: zId }),
        response: { 200: documented(z.object({ id: zId })), ...problems(404) },
      },
    },
    async (req) =>
      inTransaction(db, 'application form', (tx) => deleteApplicationForm(tx, actor(req), req.body.id), true),
  );
}
