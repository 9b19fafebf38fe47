import { z } from 'zod';
import { ZIdempotencyHeaders } from '../http/idempotency.js';
import { documented, problems, type TProblemStatus } from '../http/openapi.js';
import type { TResource } from './define.js';

// How the OpenAPI document describes the generic verbs (routes.ts) and the resource-specific
// routes (specific-routes.ts): one place for their operation ids, summaries and responses.

export type TVerb =
  | 'get'
  | 'getId'
  | 'allAsync'
  | 'getListByPage'
  | 'find'
  | 'findAsync'
  | 'getItem'
  | 'count'
  | 'countAsync'
  | 'positionOf'
  | 'add'
  | 'update'
  | 'delete'
  | 'CreateOrUpdate';

type TShape = 'row' | 'rows' | 'page' | 'id' | 'count' | 'position' | 'deleted';

const VERBS: Record<TVerb, { shape: TShape; summary: string; problems: TProblemStatus[] }> = {
  get: { shape: 'row', summary: 'The {label} with this id', problems: [404] },
  getId: { shape: 'id', summary: 'The id of the first {label} matching the filter', problems: [404] },
  allAsync: { shape: 'rows', summary: 'Every {label} record the user may see, in id order', problems: [] },
  getListByPage: { shape: 'page', summary: 'One page of {label} records matching the filter', problems: [] },
  find: { shape: 'rows', summary: '{Label} records whose fields equal the given values', problems: [] },
  findAsync: { shape: 'rows', summary: '{Label} records matching the filter', problems: [] },
  getItem: { shape: 'row', summary: 'The first {label} matching the filter', problems: [404] },
  count: { shape: 'count', summary: 'How many {label} records match the filter', problems: [] },
  countAsync: {
    shape: 'count',
    summary: 'How many {label} records match the filter (same as count)',
    problems: [],
  },
  positionOf: {
    shape: 'position',
    summary: 'Where a {label} stands in the list the filter gives (index and page), or null',
    problems: [],
  },
  add: { shape: 'row', summary: 'Add a {label}', problems: [404, 409] },
  update: { shape: 'row', summary: 'Change a {label}', problems: [404, 409] },
  delete: { shape: 'deleted', summary: 'Delete a {label}', problems: [404, 409] },
  CreateOrUpdate: { shape: 'row', summary: 'Add or change a {label}', problems: [404, 409] },
};

/** The row count of `count` and `countAsync`. */
const ZCount = z.number().int().min(0);
const ZRowIdOut = z.number().int().positive();

/** The documented response schemas of one resource, made once per resource. */
const shapes = new WeakMap<TResource, Record<TShape, z.ZodType>>();
function shapesOf(resource: TResource): Record<TShape, z.ZodType> {
  let s = shapes.get(resource);
  if (!s) {
    // A named component (`University`), so a client generator makes one type of it.
    const row = documented(resource.output);
    z.globalRegistry.add(row, {
      id: resource.base,
      description: `A ${resource.label} as the API returns it.`,
    });
    const label = resource.label;
    s = {
      row,
      rows: documented(z.array(row).describe(`The ${label} records, in id order.`)),
      page: documented(
        z
          .object({
            result: z.array(row),
            totalRows: ZCount.describe('Rows matching the filter, on all pages.'),
          })
          .describe(`One page of ${label} records.`),
      ),
      id: documented(ZRowIdOut.describe(`The id of the ${label}.`)),
      count: documented(ZCount.describe(`The number of matching ${label} records.`)),
      position: documented(
        z
          .object({
            index: ZCount.nullable().describe(
              '0-based index in the filtered list (id order); null: not in it.',
            ),
            page: ZCount.nullable().describe('0-based page of pageSize rows that holds it; null: not in it.'),
          })
          .describe(`Where the ${label} stands in the list; a missing or hidden one is null.`),
      ),
      deleted: documented(z.object({ id: ZRowIdOut }).describe(`The id of the deleted ${label}.`)),
    };
    shapes.set(resource, s);
  }
  return s;
}

const fill = (text: string, { label }: TResource) =>
  text.replace('{label}', label).replace('{Label}', label[0]!.toUpperCase() + label.slice(1));

/** `schema` fields of one generic verb: `{ ...describeVerb(resource, 'find'), body: ... }`. */
export function describeVerb(resource: TResource, verb: TVerb) {
  const { shape, summary, problems: statuses } = VERBS[verb];
  return {
    tags: [resource.base],
    operationId: `${resource.base}_${verb}`,
    summary: fill(summary, resource),
    response: { 200: shapesOf(resource)[shape], ...problems(...statuses) },
  };
}

/** `describeVerb` for all 14 verbs of a resource, by verb. */
export function describeVerbs(resource: TResource) {
  const verbs = Object.keys(VERBS) as TVerb[];
  return Object.fromEntries(verbs.map((verb) => [verb, describeVerb(resource, verb)])) as Record<
    TVerb,
    ReturnType<typeof describeVerb>
  >;
}

/**
 * `schema` fields of a resource-specific route (spec 7.2), named by its path segment:
 * `describeSpecific(resource, 'addCourse', 'row', 'Add a course')`.
 */
export function describeSpecific(resource: TResource, name: string, shape: 'row' | 'rows', summary: string) {
  return {
    tags: [resource.base],
    operationId: `${resource.base}_${name}`,
    summary,
    response: { 200: shapesOf(resource)[shape], ...problems(404, 409) },
  };
}

/**
 * An add route's schema with the `Idempotency-Key` header and its problems (409 while the first
 * request with the key runs, 422 for the key reused on another request) documented.
 */
export function idempotentSchema<T extends { response: Record<number, unknown> }>(
  operation: T,
  body: z.ZodType,
) {
  return {
    ...operation,
    body,
    headers: ZIdempotencyHeaders,
    response: { ...operation.response, ...problems(409, 422) } as T['response'],
  };
}
