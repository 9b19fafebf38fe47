import { ZMailJob } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import { mailJobs } from '../../db/schema/index.js';
import { defineResource } from '../../resources/define.js';

/**
 * The admin Outbox (`/api/MailJob`, admins only): the queue's rows through the generic read verbs
 * (filter by status, pages, newest first); the server alone writes them. Not in the spec's resource table, so
 * this module registers it (routes.ts).
 */
export const mailJobResource = defineResource({
  base: 'MailJob',
  label: 'mail',
  table: mailJobs,
  scope: 'admin',
  readOnly: true,
  // Issue 20 item 6: the latest mail is the one an admin looks for.
  newestFirst: true,
  input: ZMailJob,
  output: ZMailJob,
  select: {
    id: mailJobs.id,
    kind: mailJobs.kind,
    recipient: mailJobs.recipient,
    language: mailJobs.language,
    subject: mailJobs.subject,
    status: mailJobs.status,
    attempts: mailJobs.attempts,
    createdAt: mailJobs.createdAt,
    nextAttemptAt: mailJobs.nextAttemptAt,
    sentAt: mailJobs.sentAt,
    lastError: mailJobs.lastError,
    hasFile: sql<boolean>`${mailJobs.outboxFile} is not null`.as('has_file'),
  },
});
