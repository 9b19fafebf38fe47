import { z } from 'zod';
import { LANGUAGES } from './enums.js';

/** What a status mail reports (issue 12). */
export const MAIL_KINDS = [
  'received',
  'statusChanged',
  'documentsRequested',
  // Issue 21 item 5: reminders (the same kinds as the stored notifications').
  'reminderIdle',
  'reminderDocuments',
  'reminderDeadline',
  // Issue 22: every condition of an offer met.
  'conditionsMet',
  // Issue 22 item 6: the offer's answer-by date near; a condition pending as the intake nears.
  'reminderOffer',
  'reminderCondition',
  // Issue 22, left: an open offer's terms changed; issue 21, left: a deferral to a later intake.
  'offerTermsChanged',
  'intakeDeferred',
] as const;
export type TMailKind = (typeof MAIL_KINDS)[number];
/** A queued mail's state: waiting (or between retries), delivered, or given up after the last attempt. */
export const MAIL_JOB_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TMailJobStatus = (typeof MAIL_JOB_STATUSES)[number];

/** One mail of the queue as the admin Outbox lists it (`/api/MailJob`, read-only). */
export const ZMailJob = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  language: z.enum(LANGUAGES),
  subject: z.string(),
  status: z.enum(MAIL_JOB_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  /** An error code only (e.g. `ECONNECTION`, `EENVELOPE 550`), never a server's text. */
  lastError: z.string().nullable(),
  /** Outbox mode: the mail can be downloaded as an .eml file (`GET /api/MailJob/{id}/eml`). */
  hasFile: z.boolean(),
});
export type TMailJob = z.infer<typeof ZMailJob>;
