import {
  DRAFT_MAX_BYTES,
  draftBytes,
  FORM_STEPS,
  NEW_PROFILE_DRAFTS_KEPT,
  WIZARD_MESSAGES,
  ZDrafts,
  zDraftKey,
} from '@uniapply/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import type { TResourceExtension, TResourceHooks } from '../../resources/define.js';
import { zQueryInt } from '../../resources/hooks.js';
import { actorOf } from '../../resources/scope.js';
import {
  deleteDraft,
  deleteNewProfileDraft,
  findDrafts,
  findNewProfileDraft,
  saveDraft,
  saveNewProfileDraft,
} from './drafts-repository.js';
import { requireStudent } from './stage.js';

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
/** The only step of a profile that does not exist yet. */
const NEW_PROFILE_STEP = 1;
const newProfileStepOnly = (step: number) => {
  if (step !== NEW_PROFILE_STEP)
    throw badRequest('A new profile has a draft of its personal step only.', [
      { path: 'step', message: 'A new profile has a draft of its personal step only.' },
    ]);
};
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
      if (studentId === 0) {
        const draft = await findNewProfileDraft(db, req.user!.id, draftKey);
        return { drafts: draft ? { [NEW_PROFILE_STEP]: draft } : {} };
      }
      return db.transaction(async (tx) => {
        await requireStudent(tx, actorOf(req.user!), studentId);
        return { drafts: await findDrafts(tx, studentId) };
      });
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
      const { studentId, step, draftKey } = req.query as {
        studentId: number;
        step: number;
        draftKey?: string;
      };
      const savedAt = new Date().toISOString();
      const data = req.body as Record<string, unknown>;
      if (studentId === 0) {
        newProfileStepOnly(step);
        await saveNewProfileDraft(db, req.user!.id, draftKey, data, savedAt);
        return reply.status(204).send();
      }
      await db.transaction(async (tx) => {
        await requireStudent(tx, actorOf(req.user!), studentId);
        await saveDraft(tx, studentId, step, data, savedAt);
      });
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
      const { studentId, step, draftKey } = req.query as {
        studentId: number;
        step: number;
        draftKey?: string;
      };
      if (studentId === 0) {
        newProfileStepOnly(step);
        await deleteNewProfileDraft(db, req.user!.id, draftKey);
        return reply.status(204).send();
      }
      await db.transaction(async (tx) => {
        await requireStudent(tx, actorOf(req.user!), studentId);
        await deleteDraft(tx, studentId, step);
      });
      return reply.status(204).send();
    },
  );
}
