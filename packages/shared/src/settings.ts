import { z } from 'zod';

/**
 * The portal's operational settings (issue 19 item 4): lead times, waiting limits and retention
 * times that an admin changes at /Admin/Settings without a deployment. Each has its default here
 * (a key the admin never changed has it) and its bounds; the API stores only what was changed.
 * To add one: a line here, its label and hint in the web's `settings` catalogue (en, uz, ru).
 */
const whole = (min: number, max: number, byDefault: number) =>
  z.number().int().min(min).max(max).default(byDefault);

export const ZSettings = z.object({
  /** Days before a deadline that an applicant is reminded. */
  reminderLeadDays: whole(1, 60, 7),
  /** Days an applicant has to send requested documents before the request lapses. */
  documentRequestWaitDays: whole(1, 90, 14),
  /** Days a sent or failed mail stays in the Outbox before it is removed. */
  outboxRetentionDays: whole(1, 3650, 90),
  /** Hours an uploaded file that no record refers to is kept before it is removed. */
  unattachedUploadHours: whole(1, 720, 24),
  /**
   * Weeks before an intake's start by which an application should be in, for the offer and the
   * student pass to be ready (issue 21: the "latest safe date to submit").
   */
  safeSubmitLeadWeeks: whole(1, 52, 8),
  /** Days an application may wait in one status before the admin dashboard points it out. */
  statusWaitLimitDays: whole(1, 365, 14),
  /**
   * Issue 22 item 5: the typical days each stage after acceptance takes, counted from the stage
   * before it (the applicant's card shows the expected dates). Defaults: docs/decisions.md.
   */
  /** Offer accepted → tuition deposit paid. */
  depositDays: whole(1, 365, 14),
  /** Deposit paid → student pass application filed with EMGS. */
  passFiledDays: whole(1, 365, 14),
  /** Pass filed → eVAL (electronic visa approval letter) issued. */
  evalIssuedDays: whole(1, 365, 45),
  /** eVAL issued → enrolled at the university. */
  enrolledDays: whole(1, 365, 30),
});
export type TSettings = z.infer<typeof ZSettings>;
export type TSettingKey = keyof TSettings;

/** Every setting's name, in the order the admin screen shows them. */
export const SETTING_KEYS = Object.keys(ZSettings.shape) as TSettingKey[];

/** The defaults (what `GET /api/Settings` answers before any change). */
export const DEFAULT_SETTINGS: TSettings = ZSettings.parse({});

/** The unit each setting is counted in (the screen shows it beside the field). */
export const SETTING_UNITS: Record<TSettingKey, 'days' | 'hours' | 'weeks'> = {
  reminderLeadDays: 'days',
  documentRequestWaitDays: 'days',
  outboxRetentionDays: 'days',
  unattachedUploadHours: 'hours',
  safeSubmitLeadWeeks: 'weeks',
  statusWaitLimitDays: 'days',
  depositDays: 'days',
  passFiledDays: 'days',
  evalIssuedDays: 'days',
  enrolledDays: 'days',
};

/** A change from the admin screen: every setting, each within its bounds. */
export const ZSettingsUpdate = ZSettings.required().strict();

/** One setting's bounds, for the screen's number fields. */
export function settingBounds(key: TSettingKey): { min: number; max: number } {
  const inner = ZSettings.shape[key].removeDefault();
  return { min: inner.minValue ?? 0, max: inner.maxValue ?? Number.MAX_SAFE_INTEGER };
}
