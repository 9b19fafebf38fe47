import type { z } from 'zod';
import { isBlank } from '../fields.js';

// The one "Others required" rule (spec 2.5, 5): choosing Other/Others (a relationship, a
// qualification or a language type) needs the free text `others` ('Please specify'). The record
// forms and the wizard's steps both refine with it, so the rule and its message live here once.

/** "Please fill in the 'Others' field", from the web's `validation` catalogue. */
export const OTHERS_REQUIRED = 'validation.othersRequired';

/**
 * A refinement: when `typeKey` holds `othersValue`, a blank `others` (missing, null or spaces) is
 * an issue on `others`. `params` ride along on the issue (the wizard names its field there).
 */
export function requireOthers(typeKey: string, othersValue: number, params?: Record<string, unknown>) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (v[typeKey] === othersValue && isBlank(v.others)) {
      ctx.addIssue({
        code: 'custom',
        path: ['others'],
        message: OTHERS_REQUIRED,
        ...(params ? { params } : {}),
      });
    }
  };
}
