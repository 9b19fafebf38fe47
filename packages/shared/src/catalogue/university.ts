import { z } from 'zod';
import { zEmail, zId, zOptionalText, zOptionalUrl, zRequiredText, zStrippedPhone, zUrl } from '../fields.js';

export const ZUniversityInput = z.object({
  name: zRequiredText(200),
  description: zOptionalText(4000, { multiline: true }),
  email: zEmail,
  // The spec's phone pattern once spaces, dashes and brackets are stripped (issue 20 item 4);
  // migration 0017 stripped the stored rows the same way.
  phone: zStrippedPhone,
  fax: zStrippedPhone,
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
