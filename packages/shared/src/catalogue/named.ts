import { z } from 'zod';
import { zId, zRequiredText } from '../fields.js';

/** Document types, course levels and course categories are each just a required name. */
export const ZNamedInput = z.object({ name: zRequiredText(100) });
export const ZNamed = ZNamedInput.extend({ id: zId });
export type TNamed = z.infer<typeof ZNamed>;

export const ZDocumentTypeInput = ZNamedInput;
export const ZDocumentType = ZNamed;
export const ZCourseLevelInput = ZNamedInput;
export const ZCourseLevel = ZNamed;
export const ZCourseCategoryInput = ZNamedInput;
export const ZCourseCategory = ZNamed;
export type TDocumentType = TNamed;
export type TCourseLevel = TNamed;
export type TCourseCategory = TNamed;
