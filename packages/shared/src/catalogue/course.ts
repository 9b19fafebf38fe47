import { z } from 'zod';
import { zId, zOptionalText, zRequiredText } from '../fields.js';
import { ZNamed } from './named.js';

export const ZCourseInput = z.object({
  name: zRequiredText(200),
  description: zOptionalText(4000, { multiline: true }),
  levelId: zId,
  categoryId: zId,
});
export const ZCourse = ZCourseInput.extend({
  id: zId,
  level: ZNamed,
  category: ZNamed,
});
export type TCourseInput = z.infer<typeof ZCourseInput>;
export type TCourse = z.infer<typeof ZCourse>;
