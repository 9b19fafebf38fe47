import { MAX_UNPAGED_ROWS, ZFilter, ZPagedQuery, ZPositionQuery } from '@uniapply/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors.js';
import { idempotent, idempotentAdd } from '../http/idempotency.js';
import { type CatalogueCache, canonicalJson, readAnswer } from './catalogue-cache.js';
import type { TResource } from './define.js';
import { compileEqualities } from './filter.js';
import {
  checkBody,
  isObject,
  normalizeBody,
  resourceAccess,
  textToInt,
  ZStudentQuery,
  zPathId,
  zRowId,
} from './hooks.js';
import { addRow, createOrUpdate, deleteRow, updateRow } from './mutations.js';
import { describeVerbs, idempotentSchema } from './operations.js';
import {
  compileResourceFilter,
  countRows,
  firstId,
  getRow,
  listPage,
  listRows,
  positionOf,
  type TRow,
} from './queries.js';
import { actorOf, ownerScoped } from './scope.js';
import { registerSpecificRoutes } from './specific-routes.js';

// The 13 generic verbs of spec 7.2, and positionOf (issue 20), on every resource base, under /api/{base}:
//   GET  /{id}                 the row, or 404 (also for another owner's row)
//   POST /getId, /getItem      filter → the first matching id / row in id order, or 404
//   GET  /allAsync             every visible row in id order (at most MAX_UNPAGED_ROWS)
//   POST /getListByPage        { filter, page (zero-based), pageSize ≤ 100 } → { result, totalRows }
//   POST /positionOf           { filter, pageSize, id } → { index, page } (zero-based) of the row in
//                              that list, or { index: null, page: null } (not in it: filtered out,
//                              missing or another owner's, alike)
//   POST /find                 { field: value, ... } equalities → rows; /findAsync: filter → rows
//   POST /count, /countAsync   filter → a number
//   POST /add, /update, /delete  the entity (update and delete by its id) → the saved row / { id }
//        (a readOnly resource has only the read verbs above)
//   POST /CreateOrUpdate?studentId=  upsert (a student's record: of the student `studentId`);
//        modules add query parameters and rules through the resource's hooks (registry.ts).
// Role and ownership checks come first (onRequest), then validation; see scope.ts.

// The filter is recursive: OpenAPI can only show it as a named component that refers to itself.
if (!z.globalRegistry.has(ZFilter)) z.globalRegistry.add(ZFilter, { id: 'Filter' });

const zScalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const ZIdParams = z.object({ id: zPathId });
const ZIdBody = z.object({ id: zRowId });
/** `find`: `{ field: value }` equalities, e.g. `{ "studentId": 5 }`. */
const ZFindBody = z.record(z.string().min(1).max(100), zScalar);
const ZFilterBody = ZFilter.nullish();
const noFilter = () => ({ where: undefined });
/**
 * CreateOrUpdate of an audited record may name the version the client loaded (its
 * `lastUpdatedDate`); the engine never stores it, a module's hook may compare it (write context).
 */
const ZVersionedId = z.object({
  id: zRowId.optional(),
  lastUpdatedDate: z
    .string()
    .max(40)
    // ISO 8601 or PostgreSQL's own text form ('2026-11-22 21:00:00.123+00'), as the API returned it.
    .regex(
      /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)$/,
      'validation.date',
    )
    .nullish()
    .describe("The version the client loaded (the record's lastUpdatedDate); a newer stored one is a 409."),
});

/** Registers the verbs of one resource; one with `cache: 'catalogue'` needs the app's cache. */
export function registerResource(app: FastifyInstance, resource: TResource, cache?: CatalogueCache) {
  const reads = readContext(app, resource, cache);
  registerSingleReads(reads);
  registerListReads(reads);
  if (resource.readOnly) return;
  registerWrites(app, resource);
  registerCreateOrUpdate(app, resource);
}

const actor = (request: FastifyRequest) => actorOf(request.user!);

/** What the read verbs share: their options, and the answer through the catalogue cache. */
function readContext(app: FastifyInstance, resource: TResource, cache?: CatalogueCache) {
  // Read verbs answer through the catalogue cache when the resource opts in (catalogue-cache.ts),
  // keyed by the verb and its validated input; other resources get the value as before.
  const answer = readAnswer(cache, resource);
  return {
    r: app.withTypeProvider<ZodTypeProvider>(),
    db: app.database.db,
    resource,
    base: `/${resource.base}`,
    op: describeVerbs(resource),
    read: { config: { access: resourceAccess(resource, 'read') }, preValidation: checkBody },
    found: (row: TRow | undefined) => {
      if (!row) throw notFound(`This ${resource.label} was not found.`);
      return row;
    },
    reply: (
      req: FastifyRequest,
      res: FastifyReply,
      verb: string,
      input: unknown,
      compute: () => Promise<unknown>,
    ) => answer(req, res, actor(req), `${verb}\n${canonicalJson(input)}`, compute),
  };
}
type TReadContext = ReturnType<typeof readContext>;

/** `GET /{id}`, `/getId` and `/getItem`: one row or id, or 404. */
function registerSingleReads({ r, db, resource, base, op, read, found, reply }: TReadContext) {
  r.get(`${base}/:id`, { ...read, schema: { ...op.get, params: ZIdParams } }, async (req, res) =>
    reply(req, res, 'get', req.params.id, async () =>
      found(await getRow(db, resource, actor(req), req.params.id)),
    ),
  );
  r.post(`${base}/getId`, { ...read, schema: { ...op.getId, body: ZFilterBody } }, async (req, res) =>
    reply(req, res, 'getId', req.body, async () => {
      const id = await firstId(
        db,
        resource,
        actor(req),
        compileResourceFilter(resource, actor(req), req.body),
      );
      if (id === undefined) throw notFound(`No ${resource.label} matches.`);
      return id;
    }),
  );
  r.post(`${base}/getItem`, { ...read, schema: { ...op.getItem, body: ZFilterBody } }, async (req, res) =>
    reply(req, res, 'getItem', req.body, async () => {
      const [row] = await listRows(
        db,
        resource,
        actor(req),
        compileResourceFilter(resource, actor(req), req.body),
        1,
      );
      return found(row);
    }),
  );
}

/** The verbs that answer lists and counts. */
function registerListReads({ r, db, resource, base, op, read, reply }: TReadContext) {
  const filtered = (req: FastifyRequest, body: z.infer<typeof ZFilterBody>) =>
    compileResourceFilter(resource, actor(req), body);
  r.get(`${base}/allAsync`, { ...read, schema: op.allAsync }, async (req, res) =>
    reply(req, res, 'allAsync', null, () => listRows(db, resource, actor(req), noFilter(), MAX_UNPAGED_ROWS)),
  );
  r.post(
    `${base}/getListByPage`,
    { ...read, schema: { ...op.getListByPage, body: ZPagedQuery } },
    async (req, res) =>
      reply(req, res, 'getListByPage', req.body, () => listPage(db, resource, actor(req), req.body)),
  );
  r.post(
    `${base}/positionOf`,
    { ...read, schema: { ...op.positionOf, body: ZPositionQuery } },
    async (req, res) =>
      reply(req, res, 'positionOf', req.body, () => positionOf(db, resource, actor(req), req.body)),
  );
  r.post(`${base}/find`, { ...read, schema: { ...op.find, body: ZFindBody } }, async (req, res) =>
    reply(req, res, 'find', req.body, () =>
      listRows(
        db,
        resource,
        actor(req),
        compileEqualities(req.body, resource.fields, 'body', { perRow: ownerScoped(resource, actor(req)) }),
        MAX_UNPAGED_ROWS,
      ),
    ),
  );
  r.post(`${base}/findAsync`, { ...read, schema: { ...op.findAsync, body: ZFilterBody } }, async (req, res) =>
    reply(req, res, 'findAsync', req.body, () =>
      listRows(db, resource, actor(req), filtered(req, req.body), MAX_UNPAGED_ROWS),
    ),
  );
  for (const verb of ['count', 'countAsync'] as const) {
    r.post(`${base}/${verb}`, { ...read, schema: { ...op[verb], body: ZFilterBody } }, async (req, res) =>
      // count and countAsync are the same answer: one entry.
      reply(req, res, 'count', req.body, () => countRows(db, resource, actor(req), filtered(req, req.body))),
    );
  }
}

const writeOptions = (resource: TResource) => ({
  config: { access: resourceAccess(resource, 'write') },
  preValidation: [checkBody, normalizeBody(resource)],
});

/** `/add` (idempotent), `/update` and `/delete`. */
function registerWrites(app: FastifyInstance, resource: TResource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = `/${resource.base}`;
  const op = describeVerbs(resource);
  const write = writeOptions(resource);
  const ZUpdateBody = resource.input.and(z.object({ id: zRowId }));
  r.post(
    `${base}/add`,
    { ...write, ...idempotent(db), schema: idempotentSchema(op.add, resource.input) },
    async (req, res) =>
      idempotentAdd(req, res, (key) => addRow(db, resource, actor(req), req.body as TRow, key)),
  );
  r.post(`${base}/update`, { ...write, schema: { ...op.update, body: ZUpdateBody } }, async (req) => {
    const body = req.body as TRow & { id: number };
    return updateRow(db, resource, actor(req), body.id, body);
  });
  r.post(`${base}/delete`, { ...write, schema: { ...op.delete, body: ZIdBody } }, async (req) =>
    deleteRow(db, resource, actor(req), req.body.id),
  );
}

/** `/CreateOrUpdate?studentId=`: the upsert; a child record of the student in the query. */
function registerCreateOrUpdate(app: FastifyInstance, resource: TResource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const studentOwned = resource.scope === 'child' || resource.scope === 'owner';
  r.post(
    `/${resource.base}/CreateOrUpdate`,
    {
      ...writeOptions(resource),
      preValidation: [
        checkBody,
        normalizeBody(resource),
        // A child record belongs to the student named in the query, whatever the body says.
        async (req: FastifyRequest) => {
          const studentId = (req.query as Record<string, unknown>).studentId;
          if (resource.scope === 'child' && isObject(req.body) && studentId !== undefined)
            req.body = { ...req.body, studentId: textToInt(studentId) };
        },
      ],
      schema: {
        ...describeVerbs(resource).CreateOrUpdate,
        description: [
          studentOwned
            ? 'Creates or updates the record of the student `studentId`.'
            : 'Adds the entity, or updates it when the body has an id.',
          ...resource.notes,
        ].join(' '),
        querystring: ZStudentQuery.extend(resource.writeQuery.shape),
        body: resource.input.and(resource.audited ? ZVersionedId : z.object({ id: zRowId.optional() })),
      },
    },
    async (req) => {
      if (resource.scope === 'child' && !req.query.studentId) {
        throw badRequest('studentId is required.', [
          { path: 'querystring.studentId', message: 'validation.required' },
        ]);
      }
      return createOrUpdate(db, resource, actor(req), req.body as TRow, req.query as TRow);
    },
  );
}

/**
 * Registered in app.ts under /api, after the modules that extend resources (app.resources): from
 * here on the registry is sealed.
 */
export async function resourceModule(app: FastifyInstance) {
  for (const resource of app.resources.seal()) registerResource(app, resource, app.catalogueCache);
  registerSpecificRoutes(app);
}
