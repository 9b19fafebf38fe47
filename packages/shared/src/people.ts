import { z } from 'zod';
import { MAX_UNPAGED_ROWS } from './constants.js';
import { LANGUAGES, ROLES } from './enums.js';
import { zEmail, zId, zRequiredText } from './fields.js';

/** The signed-in user as `/api/auth/me` returns it (spec 3: User). */
export const ZMe = z.object({
  userId: zId,
  /**
   * The same number as userId, under the name the wizard's contract uses (issue 9): the agent id
   * an agent gives to students who apply on their own. Always sent; optional for older fixtures.
   */
  id: zId.optional(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  appLanguage: z.enum(LANGUAGES).nullable(),
  /**
   * A student's own application profile's name, once it has one (issue 18 item 7): the greeting
   * and the sidebar show it instead of the account's (`displayNames`). Null for everyone else;
   * optional for older fixtures.
   */
  profileName: z.object({ firstName: z.string(), lastName: z.string() }).nullable().optional(),
});
export type TMe = z.infer<typeof ZMe>;

/** The name the portal greets a user by: their own profile's once it has one, else the account's. */
export function displayNames(me: TMe): { firstName: string; lastName: string } {
  const profile = me.profileName;
  if (profile && profile.firstName.trim() !== '') return profile;
  return { firstName: me.firstName, lastName: me.lastName };
}

export const ZLanguageChoice = z.object({ language: z.enum(LANGUAGES) }).strict();

/**
 * The name a user gives themself (profile page, `PUT /api/auth/me`; the sign-in provider's
 * given/family name claims). The family name may be empty: not everybody has one.
 */
export const ZProfileNames = z
  .object({
    firstName: zRequiredText(100),
    lastName: z.string().trim().max(100, 'validation.tooLong'),
  })
  .strict();
export type TProfileNames = z.infer<typeof ZProfileNames>;

/** The landing page's contact form (spec 5: name, email and message are required). */
export const ZContactMessageInput = z
  .object({ name: zRequiredText(100), email: zEmail, message: zRequiredText(4000, { multiline: true }) })
  .strict();
export const ZContactMessage = ZContactMessageInput.extend({ id: zId, createdAt: z.string() });
export type TContactMessageInput = z.infer<typeof ZContactMessageInput>;
export type TContactMessage = z.infer<typeof ZContactMessage>;
/** `POST /contact`'s answer: the stored message's id. */
export const ZContactCreated = z.object({ id: z.number().int() });
export type TContactCreated = z.infer<typeof ZContactCreated>;

export const ZNotificationData = z.object({
  fullName: z.string(),
  universityName: z.string(),
  courseName: z.string(),
});
export const ZNotification = z.object({
  id: zId,
  isNotified: z.boolean(),
  notificationData: ZNotificationData,
  createdAt: z.string(),
  /** Issue 18: the application it announces (deleting the student deletes it); null: unknown. */
  studentCourseId: zId.nullable(),
});
export const ZNotificationInput = z.object({ isNotified: z.boolean(), notificationData: ZNotificationData });
export type TNotification = z.infer<typeof ZNotification>;

/** An account as the admin's Users screen lists it (SECURITY 19): never editable there. */
export const ZUserAccount = z.object({
  id: zId,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  disabledAt: z.string().nullable().describe('When an admin disabled the account; null while it is enabled.'),
});
export type TUserAccount = z.infer<typeof ZUserAccount>;

/** `POST /api/User/disable` and `/enable`: the account's id. */
export const ZUserIdBody = z.object({ id: zId }).strict();

/** POST /Notification/markNotified: the notifications a screen showed (never "all", DESIGN 6). */
export const ZMarkNotified = z
  .object({ ids: z.array(zId).min(1).max(MAX_UNPAGED_ROWS, 'validation.tooMany') })
  .strict();
export type TMarkNotified = z.infer<typeof ZMarkNotified>;

/** The user's mail settings (profile page): status mails on or off (issue 12). */
export const ZMailSettings = z.object({ statusMails: z.boolean() }).strict();
export type TMailSettings = z.infer<typeof ZMailSettings>;
