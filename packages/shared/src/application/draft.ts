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
 * The query of `PUT /api/Draft`: the student and the step (1 to 10) the draft belongs to; student 0
 * is the new profile the signed-in user is creating (the server keeps only its step 1).
 */
export const ZDraftQuery = z.object({ studentId: zTextInt(0), step: zTextInt(1, FORM_STEPS) });
export type TDraftQuery = z.infer<typeof ZDraftQuery>;
