import { MAX_FILTER_DEPTH, zId, zPathId, zTextInt } from '@uniapply/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TAccess } from '../http/access.js';
import { badRequest } from '../http/errors.js';
import type { TResource } from './define.js';

// Route pieces shared by the generic and the specific resource routes.

/**
 * Query numbers arrive as text: canonical digits only (`1e1`, `0x1`, `01` are refused), and an
 * empty `?studentId=` means absent, not 0. `studentId=0` is the spec's "my own / a new profile".
 */
export const zQueryInt = (min: number, max?: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), zTextInt(min, max).optional());
/** The student profile a write names (CreateOrUpdate of a student's record). */
export const ZStudentQuery = z.object({
  studentId: zQueryInt(0),
});

/**
 * Who may call a resource's read or write verbs (http/access.ts enforces it before body parsing):
 * row scoping (scope.ts) then limits a signed-in caller to their own rows.
 */
export function resourceAccess(resource: TResource, verbs: 'read' | 'write'): TAccess {
  const open =
    verbs === 'read' ? resource.scope !== 'admin' : resource.scope === 'owner' || resource.scope === 'child';
  return open ? 'signedIn' : ['Admin'];
}

/** A row id in a JSON body: a JSON integer within PostgreSQL's integer range. */
export const zRowId = zId;
/** A row id in a path: canonical digits (`/StudentInfo/1e3` is a 400, not row 1000). */
export { zPathId };

/**
 * Checks a body before validation: filters nest at most MAX_FILTER_DEPTH groups, so absurd
 * nesting is refused before zod recurses into it; and PostgreSQL text cannot hold NUL characters.
 */
const MAX_BODY_DEPTH = 2 * MAX_FILTER_DEPTH + 12;
export async function checkBody(request: FastifyRequest) {
  const stack: [unknown, number, string][] = [[request.body, 0, 'body']];
  while (stack.length) {
    const [value, depth, path] = stack.pop()!;
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw badRequest(`${path}: text may not contain NUL characters.`, [
        { path, message: 'validation.invalidText' },
      ]);
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) {
      throw badRequest(`Filter groups nest deeper than ${MAX_FILTER_DEPTH} levels.`, [
        { path: 'body', message: 'filter.tooDeep' },
      ]);
    }
    for (const [key, child] of Object.entries(value)) stack.push([child, depth + 1, `${path}.${key}`]);
  }
}

/** A query parameter's canonical digits as a number (anything else is left for validation). */
export const textToInt = (v: unknown) =>
  typeof v === 'string' && /^(0|[1-9][0-9]{0,9})$/.test(v) ? Number(v) : v;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lets a resource accept the original client's alternative body shapes. */
export function normalizeBody(resource: TResource) {
  return async (request: FastifyRequest) => {
    if (resource.normalize && isObject(request.body)) request.body = resource.normalize(request.body);
  };
}
