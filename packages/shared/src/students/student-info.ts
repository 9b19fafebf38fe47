import { z } from 'zod';
import { COUNTRIES } from '../enums.js';
import { zBirthDate, zEmail, zId, zIndex, zOptionalText, zPhone, zRequiredText } from '../fields.js';

/** Spec 5: the first two characters become the uppercased series, the rest keeps its digits. */
export function splitPassport(raw: string): { passportSeries: string; passportNumber: string } {
  const v = raw.trim();
  return { passportSeries: v.slice(0, 2).toUpperCase(), passportNumber: v.slice(2).replace(/\D/g, '') };
}

export const ZStudentInfoInput = z.object({
  firstName: zRequiredText(100),
  middleName: zOptionalText(100),
  lastName: zRequiredText(100),
  passportSeries: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'validation.passport')),
  passportNumber: z
    .string()
    .trim()
    .regex(/^\d{5,12}$/, 'validation.passport'),
  gender: zIndex(0, 1),
  dateOfBirth: zBirthDate,
  email: zEmail,
  address: zRequiredText(400, { multiline: true }),
  city: zRequiredText(100),
  postCode: zRequiredText(20),
  race: zRequiredText(100),
  phoneNumber: zPhone,
  /** Spec 3: copied from phoneNumber when not given. */
  mobileNumber: zPhone.nullish(),
  country: zIndex(0, COUNTRIES.length - 1),
});
export const ZStudentInfo = ZStudentInfoInput.extend({
  id: zId,
  userId: zId,
  lastUpdatedBy: z.string().nullable(),
  lastUpdatedDate: z.string().nullable(),
});
export type TStudentInfoInput = z.infer<typeof ZStudentInfoInput>;
export type TStudentInfo = z.infer<typeof ZStudentInfo>;
