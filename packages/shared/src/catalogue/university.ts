import { z } from 'zod';
import { zEmail, zId, zOptionalText, zOptionalUrl, zRequiredText, zUrl } from '../fields.js';

export const ZUniversityInput = z.object({
  name: zRequiredText(200),
  description: zOptionalText(4000, { multiline: true }),
  email: zEmail,
  // Universities publish landline and fax numbers in local formats: required, not pattern-checked.
  phone: zRequiredText(40),
  fax: zRequiredText(40),
  address: zRequiredText(400, { multiline: true }),
  website: zUrl,
  youtube: zOptionalUrl,
  instagram: zOptionalUrl,
  facebook: zOptionalUrl,
  tiktok: zOptionalUrl,
});
export const ZUniversity = ZUniversityInput.extend({ id: zId });
export type TUniversityInput = z.infer<typeof ZUniversityInput>;
export type TUniversity = z.infer<typeof ZUniversity>;
