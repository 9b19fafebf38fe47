import { z } from 'zod';
import { CURRENCIES } from '../enums.js';
import { zId, zIndex, zNumber, zOptionalUrl, zWholeNumber } from '../fields.js';
import { ZNamed } from './named.js';

export const ZUniversityCourseInput = z.object({
  universityId: zId,
  courseId: zId,
  /** Months. */
  duration: zWholeNumber().min(1, 'validation.positive').max(240, 'validation.tooLarge'),
  price: zNumber().min(0, 'validation.notNegative').max(1e12, 'validation.tooLarge'),
  currency: zIndex(0, CURRENCIES.length - 1),
  requiredLanguageId: zIndex(-1, 1),
  requiredScore: zNumber().min(0, 'validation.notNegative').max(1000, 'validation.tooLarge'),
  website: zOptionalUrl,
  youtube: zOptionalUrl,
});
export const ZUniversityCourse = ZUniversityCourseInput.extend({
  id: zId,
  university: ZNamed,
  course: ZNamed.extend({ level: ZNamed, category: ZNamed }),
});
export type TUniversityCourseInput = z.infer<typeof ZUniversityCourseInput>;
export type TUniversityCourse = z.infer<typeof ZUniversityCourse>;
