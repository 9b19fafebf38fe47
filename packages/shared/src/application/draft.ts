import { z } from 'zod';
import { FORM_STEPS } from '../constants.js';
import { zTextInt } from '../fields.js';
import { WIZARD_MESSAGES } from './messages.js';

/** DESIGN 6: a draft holds at most 64 KB of JSON, measured as UTF-8 bytes of its serialization. */
export const DRAFT_MAX_BYTES = 64 * 1024;

export const draftBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * The open step's unsaved input (`PUT /api/Draft?studentId=&step=`): any JSON object, not checked
 * against the step's schema (a draft may be half-filled), only bounded in size.
 */
export const ZDraft = z
  .record(z.string(), z.json(), WIZARD_MESSAGES.draftObject)
  .refine((v) => draftBytes(v) <= DRAFT_MAX_BYTES, { message: WIZARD_MESSAGES.draftTooLarge });
export type TDraft = z.infer<typeof ZDraft>;

/**
 * The key a new-profile form names its draft by (`studentId` 0): made by the client, one per browser
 * tab, so two new students typed at once in two tabs keep a draft each. A random token, never
 * personal data (it sits in the tab's sessionStorage and the query string).
 */
export const DRAFT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const zDraftKey = z.string().regex(DRAFT_KEY_PATTERN, WIZARD_MESSAGES.invalid);
/** How many new-profile drafts (keys) the server keeps per user: the most recently saved. */
export const NEW_PROFILE_DRAFTS_KEPT = 5;

/**
 * The query of `PUT /api/Draft`: the student and the step (1 to 10) the draft belongs to; student 0
 * is the new profile the signed-in user is creating (the server keeps only its step 1), named by
 * the form's `draftKey` (none: the user's one unnamed new-profile draft).
 */
export const ZDraftQuery = z.object({
  studentId: zTextInt(0),
  step: zTextInt(1, FORM_STEPS),
  draftKey: zDraftKey.optional(),
});
export type TDraftQuery = z.infer<typeof ZDraftQuery>;

/** `GET /Draft`'s answer: the stored drafts by step ('1' to '10'). */
export const ZDrafts = z.object({
  drafts: z.record(
    z.string().describe('The step, 1 to 10.'),
    z.object({ data: z.record(z.string(), z.unknown()), savedAt: z.string() }),
  ),
});
export type TDraftsOut = z.infer<typeof ZDrafts>;
/** The drafts by step, as the wizard keeps them. */
export type TDrafts = TDraftsOut['drafts'];
