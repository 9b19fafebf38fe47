import { z } from 'zod';
import { RELATIONSHIP_OTHER } from '../enums.js';
import { zEmail, zId, zIndex, zOptionalText, zPhone, zRequiredText } from '../fields.js';
import { requireOthers } from './others.js';

/** Relationship Other (3) needs the free-text `others` ("Please fill in the 'Others' field"). */
const requireOthersWhenOther = requireOthers('relationship', RELATIONSHIP_OTHER);

const contactFields = {
  studentId: zId,
  firstName: zRequiredText(100),
  middleName: zOptionalText(100),
  lastName: zRequiredText(100),
  relationship: zIndex(0, 3),
  others: zOptionalText(100),
  phoneNumber: zPhone,
  mobileNumber: zPhone.nullish(),
};
const audit = { id: zId, lastUpdatedBy: z.string().nullable(), lastUpdatedDate: z.string().nullable() };

export const ZGuardianFields = z.object({
  ...contactFields,
  occupation: zRequiredText(100),
  email: zEmail,
  address: zRequiredText(400, { multiline: true }),
});
export const ZGuardianInput = ZGuardianFields.superRefine(requireOthersWhenOther);
export const ZGuardian = ZGuardianFields.extend(audit);
export type TGuardianInput = z.infer<typeof ZGuardianInput>;
export type TGuardian = z.infer<typeof ZGuardian>;

export const ZEmergencyContactFields = z.object(contactFields);
export const ZEmergencyContactInput = ZEmergencyContactFields.superRefine(requireOthersWhenOther);
export const ZEmergencyContact = ZEmergencyContactFields.extend(audit);
export type TEmergencyContactInput = z.infer<typeof ZEmergencyContactInput>;
export type TEmergencyContact = z.infer<typeof ZEmergencyContact>;
