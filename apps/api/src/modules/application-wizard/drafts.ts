import {
  DRAFT_MAX_BYTES,
  draftBytes,
  FORM_STEPS,
  NEW_PROFILE_DRAFTS_KEPT,
  WIZARD_MESSAGES,
  zDraftKey,
} from '@uniapply/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented, problems } from '../../http/openapi.js';
import type { TResourceExtension, TResourceHooks } from '../../resources/define.js';
import { zQueryInt } from '../../resources/hooks.js';
import { actorOf } from '../../resources/scope.js';
import { deleteDraft, deleteNewProfileDraft } from './drafts-repository.js';
import { readDrafts, removeDraft, storeDraft, type TDraftTarget } from './drafts-service.js';

// Drafts (DESIGN 6): the open step's unsaved input, any JSON object of at most 64 KB, not checked
// against the step's schema. Saving the step deletes its draft in the same transaction.
// `studentId=0` is a profile the signed-in user is creating: only its personal step (1) has a
// draft, kept by user and by the form's client-made `draftKey` (new_profile_drafts: one per browser
// tab, so two new students typed at once do not share one), and deleted when that form creates
// its profile.

const STUDENT_ID = 'The student; 0 = a new profile the signed-in user is creating (step 1 only).';
const DRAFT_KEY = [
  "With studentId 0: the new-profile form's own key, made by the client (one per browser tab),",
  "8 to 64 letters, digits, - or _; none names the user's one unnamed new-profile draft.",
  `The user's ${NEW_PROFILE_DRAFTS_KEPT} most recently saved new-profile drafts are kept.`,
  'Ignored for an existing student.',
].join(' ');
const zDraftKeyQuery = zDraftKey.optional().describe(DRAFT_KEY);
const ZStudentOnly = z
  .object({ studentId: zQueryInt(0).describe(STUDENT_ID), draftKey: zDraftKeyQuery })
  .required({ studentId: true });
const ZDraftQuery = z
  .object({
    studentId: zQueryInt(0).describe(STUDENT_ID),
    step: zQueryInt(1, FORM_STEPS),
    draftKey: zDraftKeyQuery,
  })
  .required({ studentId: true, step: true });
const ZDrafts = z.object({
  drafts: z.record(
    z.string().describe('The step, 1 to 10.'),
    z.object({ data: z.record(z.string(), z.unknown()), savedAt: z.string() }),
  ),
});
/**
 * The shared ZDraft's rules (an object, at most 64 KB), with values left as `unknown`: a parsed
 * JSON body is JSON already, and the recursive z.json() has no OpenAPI form.
 */
const ZDraftBody = z
  .record(z.string(), z.unknown(), WIZARD_MESSAGES.draftObject)
  .refine((v) => draftBytes(v) <= DRAFT_MAX_BYTES, { message: WIZARD_MESSAGES.draftTooLarge });
const noContent = documented(z.undefined().describe('Done.'));

/** A save of the step's record (any write verb but delete) drops the step's draft. */
export const dropDraftOnSave = (
  step: number,
  studentIdOf: (row: Record<string, unknown>, id: number) => number,
) =>
  ({
    async afterWrite(_ctx, row, { tx, id }) {
      const studentId = studentIdOf(row, id);
      if (studentId) await deleteDraft(tx, studentId, step);
    },
  }) satisfies TResourceHooks;

/**
 * Creating a student profile deletes the creating form's new-profile draft (CreateOrUpdate's
 * `draftKey`; none: the user's unnamed one) in its transaction; the user's other forms keep theirs.
 */
export const dropNewProfileDraftOnCreate = {
  query: z.object({ draftKey: zDraftKeyQuery }),
  hooks: {
    async beforeWrite({ actor, verb, query }, row, { tx, id }) {
      if (id === undefined && verb !== 'delete') {
        const key = typeof query.draftKey === 'string' ? query.draftKey : undefined;
        await deleteNewProfileDraft(tx, actor.id, key);
      }
      return row;
    },
  },
} satisfies TResourceExtension;

export function registerDraftRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.get(
    '/Draft',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Draft'],
        operationId: 'Draft_get',
        summary: "The student's saved drafts, by step",
        querystring: ZStudentOnly,
        response: { 200: documented(ZDrafts), ...problems(404) },
      },
    },
    async (req) => {
      const { studentId, draftKey } = req.query as { studentId: number; draftKey?: string };
      return readDrafts(db, actorOf(req.user!), studentId, draftKey);
    },
  );

  app.put(
    '/Draft',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Draft'],
        operationId: 'Draft_put',
        summary: "Store a step's unsaved input (a JSON object of at most 64 KB)",
        querystring: ZDraftQuery,
        body: ZDraftBody,
        response: { 204: noContent, ...problems(404) },
      },
    },
    async (req, reply: FastifyReply) => {
      await storeDraft(
        db,
        actorOf(req.user!),
        req.query as TDraftTarget,
        req.body as Record<string, unknown>,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/Draft',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Draft'],
        operationId: 'Draft_delete',
        summary: "Delete a step's draft",
        querystring: ZDraftQuery,
        response: { 204: noContent, ...problems(404) },
      },
    },
    async (req, reply: FastifyReply) => {
      await removeDraft(db, actorOf(req.user!), req.query as TDraftTarget);
      return reply.status(204).send();
    },
  );
}
