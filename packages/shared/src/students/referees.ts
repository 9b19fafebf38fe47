import { z } from 'zod';
import { zEmail, zId, zRequiredText } from '../fields.js';

// Referees (issue 21 item 4): up to two people who can speak for the applicant, saved one entry
// card at a time in step 8 beside the personal statement. The one schema of a referee: the API's
// Referee resource validates with it, the wizard's entry dialog wraps its fields (application/referees.ts).

/** A student names at most this many referees; the API refuses a third (`tooManyReferees`). */
export const MAX_REFEREES = 2;

export const ZRefereeFields = z.object({
  studentId: zId,
  fullName: zRequiredText(200),
  /** How the referee knows the applicant, in the applicant's words ('Class teacher'). */
  relationship: zRequiredText(100),
  email: zEmail,
  institution: zRequiredText(200),
});
export const ZRefereeInput = ZRefereeFields;
export const ZReferee = ZRefereeFields.extend({ id: zId });
export type TRefereeInput = z.infer<typeof ZRefereeInput>;
export type TReferee = z.infer<typeof ZReferee>;
