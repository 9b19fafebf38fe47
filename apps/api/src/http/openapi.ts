import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoutes } from './access.js';

// The OpenAPI document (3.1, JSON Schema 2020-12) generated from the routes' zod schemas, served
// at /api/docs. Every operation has an operationId, tags, its success response and its
// problem+json responses; the session cookie is the security scheme.

/**
 * Response schemas that only describe: the shared output schemas carry the input's transforms
 * (trim, add https://, ...) which zod cannot encode, so such a reply is sent as plain JSON and
 * the route's select list decides its fields (SECURITY 5). See docs/decisions.md.
 */
const describeOnly = new WeakSet<object>();

/** A copy of `schema` for a response that is documented with it but serialized as plain JSON. */
export function documented<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone();
  describeOnly.add(copy);
  return copy;
}

/** fastify-type-provider-zod's serializer, except for schemas marked with `documented()`. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) =>
  describeOnly.has(route.schema) ? (data) => JSON.stringify(data) : zodSerializerCompiler(route);

/** The problem+json body of every error (http/errors.ts). */
export const ZProblem = documented(
  z.object({
    type: z.string().describe('Always `about:blank`: the status and title say what happened.'),
    status: z.number().int().min(400).max(599),
    title: z.string().describe('The HTTP status text, e.g. "Not Found".'),
    message: z.string().describe('A human-readable English explanation.'),
    code: z
      .string()
      .optional()
      .describe('A machine-readable error code; the web app translates `errors.<code>`.'),
    params: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Values to interpolate into the translated message of `code`.'),
    errors: z
      .array(
        z.object({
          path: z.string().describe('Where the problem is, e.g. `body.email` or `querystring.studentId`.'),
          code: z.string().optional(),
          message: z.string().describe('An i18n key such as `validation.required`, or English text.'),
        }),
      )
      .optional()
      .describe('Each invalid input value (validation errors only).'),
  }),
);
z.globalRegistry.add(ZProblem, { id: 'Problem' });

const PROBLEM_TITLES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Not signed in, or the session has ended.',
  403: 'The signed-in user may not do this, or the request came from another site.',
  404: 'Nothing was found (also for a record the user may not see).',
  408: 'The request body (an upload, or any other) stopped arriving (no byte for UPLOAD_STALL_MS) and was cancelled; nothing was kept.',
  409: 'The change conflicts with the stored data (in use, or changed by someone else).',
  413: 'The request body is too large.',
  422: 'The request cannot be processed as sent (e.g. an Idempotency-Key reused for another request).',
  429: 'Too many requests; try again later.',
  500: 'Something went wrong on the server.',
  503: 'A service the request needs is unavailable.',
  507: 'The file storage is full.',
};
export type TProblemStatus = keyof typeof PROBLEM_TITLES;

/**
 * Route-specific problem responses for a route's `schema.response`, e.g. `...problems(404, 409)`;
 * 400, 401, 403 and 500 are added to every operation by `addCommonProblems`.
 */
export function problems(...statuses: TProblemStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: PROBLEM_TITLES[status]!,
        content: { 'application/problem+json': { schema: ZProblem } },
      },
    ]),
  );
}

export const SESSION_SECURITY = 'cookieAuth';
/** `security` of an operation anyone may call without a session. */
const PUBLIC: { [scheme: string]: string[] }[] = [];

/** Where a transform's output cannot be described, describe the value it was given instead. */
function describeTransformsByInput(ctx: {
  zodSchema: { _zod: { def: unknown } };
  jsonSchema: Record<string, unknown>;
}) {
  const def = ctx.zodSchema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
  // Our transforms normalise a value (trim, upper-case, add https://, '' to null) and keep its
  // type, so the input side is the closest description of what a response carries.
  if (def.type === 'pipe' && def.in && def.out && def.out._zod.def.type === 'transform') {
    const { $schema: _, ...input } = z.toJSONSchema(def.in, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    Object.assign(ctx.jsonSchema, input);
  }
  // What fastify-type-provider-zod's own override does (a custom one replaces it): an empty
  // response body (`z.undefined()`) has no content, and empty union branches go.
  if (def.type === 'undefined') ctx.jsonSchema.type = 'null';
  if (def.type === 'union' && Array.isArray(ctx.jsonSchema.anyOf)) {
    ctx.jsonSchema.anyOf = (ctx.jsonSchema.anyOf as object[]).filter((s) => Object.keys(s).length > 0);
  }
}

const zodToJsonConfig = { target: 'draft-2020-12' as const, override: describeTransformsByInput };

type TOperation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type TDocument = {
  paths?: Record<string, Record<string, TOperation>>;
  security?: unknown[];
  components?: { responses?: Record<string, unknown> };
};
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** 400 and 500 everywhere; 401 and 403 where a session is needed; 403 on writes (origin check). */
export function addCommonProblems(doc: TDocument): TDocument {
  doc.components ??= {};
  doc.components.responses ??= {};
  for (const [status, description] of Object.entries(PROBLEM_TITLES)) {
    doc.components.responses[`Problem${status}`] = {
      description,
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const secured = (operation.security ?? doc.security ?? []).length > 0;
      const statuses = [400, 500];
      if (secured) statuses.push(401, 403);
      else if (method !== 'get' && method !== 'head') statuses.push(403);
      // A body that stops arriving is cancelled (http/body-stall.ts).
      if (operation.requestBody) statuses.push(408);
      for (const status of statuses) operation.responses[String(status)] ??= {};
      // Route-declared problems (`problems(404)`) and these all point to one shared response.
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = (response as { content?: Record<string, unknown> }).content;
        const isProblem = !content || Object.keys(content).join() === 'application/problem+json';
        if (Number(status) in PROBLEM_TITLES && isProblem)
          operation.responses[status] = { $ref: `#/components/responses/Problem${status}` };
      }
      operation.responses = Object.fromEntries(
        Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  }
  return doc;
}

/**
 * Drops components nothing refers to: every registered schema gets an input and an output
 * variant (`FilterInput`, `Filter`), and most are used on one side only.
 */
export function dropUnusedComponents(doc: TDocument): TDocument {
  const components = (doc.components ?? {}) as Record<string, Record<string, unknown>>;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const v of value) visit(v);
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (key === '$ref' && typeof v === 'string' && !used.has(v)) {
          used.add(v);
          const [, , kind, name] = v.split('/');
          visit(components[kind!]?.[name!]);
        } else visit(v);
      }
    }
  };
  visit(doc.paths);
  for (const kind of ['schemas', 'responses']) {
    const table = components[kind];
    if (!table) continue;
    for (const name of Object.keys(table)) {
      if (!used.has(`#/components/${kind}/${name}`)) delete table[name];
    }
  }
  return doc;
}

const transformObject = createJsonSchemaTransformObject({ zodToJsonConfig });
const toJsonSchema = createJsonSchemaTransform({ zodToJsonConfig });

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'University application portal API',
        version: '1.0.0',
        description:
          'Errors are `application/problem+json` (the `Problem` schema). Sign in through ' +
          '`GET /api/auth/google-login` in a browser; the session cookie then authorises every call.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          [SESSION_SECURITY]: {
            type: 'apiKey',
            in: 'cookie',
            // Over HTTPS the cookie is `__Host-sid` (http/session.ts); OpenAPI names one cookie.
            name: 'sid',
            description: 'The session cookie set at sign-in: `sid`, or `__Host-sid` over HTTPS.',
          },
        },
      },
      security: [{ [SESSION_SECURITY]: [] }],
    },
    // A route's `config.access` (access.ts) decides whether its operation needs the session.
    transform: (input) => {
      const out = toJsonSchema(input);
      if (input.route.config?.access !== 'public') return out;
      return { ...out, schema: { ...out.schema, security: PUBLIC } };
    },
    // Puts schemas registered with an id (the recursive Filter, Problem) under components.schemas.
    transformObject: (document) =>
      dropUnusedComponents(addCommonProblems(transformObject(document) as TDocument)) as never,
  });
  // Public outside production; there, admins only (security.ts answers 404 to everyone else).
  await app.register(async (docs) => {
    publicRoutes(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
