import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type TAppLanguage,
  type TMailKind,
  ZNamedCondition,
} from '@uniapply/shared';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { TDbOrTx } from '../../db/client.js';
import { mailJobs, studentInfos, users } from '../../db/schema/index.js';
import { APPLICATION_STATUSES, renderSubject, type TAudience, type TMailParams } from './templates.js';

// The module's entry point for other modules (the status pipeline): enqueueMail runs inside the
// caller's transaction, so a change that rolls back sends nothing, and a committed one is sent by
// the worker (worker.ts) even if the process stops right after the commit.

const text = (max: number) => z.string().trim().min(1).max(max);
const ZApplication = { university: text(300), course: text(300) };
export const ZMailRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('received'),
    studentId: z.number().int().positive(),
    params: z.object({
      ...ZApplication,
      /** A confirm of several courses: every one of them, in one mail (the first is university/course). */
      courses: z.array(z.object(ZApplication)).min(2).max(50).optional(),
    }),
  }),
  z.object({
    kind: z.literal('statusChanged'),
    studentId: z.number().int().positive(),
    params: z.object({
      ...ZApplication,
      from: z.enum(APPLICATION_STATUSES),
      to: z.enum(APPLICATION_STATUSES),
      /** Shown to the student as it is: never pass an internal note here. */
      message: z.string().max(4000).optional(),
      /** A move to conditionsNotMet: the conditions not met (named in the recipient's language). */
      conditions: z.array(ZNamedCondition).max(50).optional(),
    }),
  }),
  z.object({
    kind: z.literal('documentsRequested'),
    studentId: z.number().int().positive(),
    // An item is a document type (named in the recipient's language when it is one of the fixed
    // four) or the admin's own text.
    params: z.object({
      ...ZApplication,
      items: z
        .array(
          z.union([text(500), z.object({ documentTypeId: z.number().int().positive(), name: text(500) })]),
        )
        .min(1)
        .max(50),
      /** The staff's message of the move that asked for them (never an internal note). */
      message: z.string().max(4000).optional(),
    }),
  }),
]);
export type TMailRequest = z.input<typeof ZMailRequest>;

const languageOf = (saved: string | null): TAppLanguage =>
  (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as TAppLanguage) : DEFAULT_LANGUAGE;

type TRecipient = {
  audience: TAudience;
  userId: number | null;
  email: string;
  language: TAppLanguage;
  name: string;
};

const recipientColumns = {
  studentId: studentInfos.id,
  firstName: studentInfos.firstName,
  lastName: studentInfos.lastName,
  profileEmail: studentInfos.email,
  ownerId: users.id,
  ownerRole: users.role,
  ownerEmail: users.email,
  ownerFirstName: users.firstName,
  ownerLanguage: users.appLanguage,
  ownerWantsMail: users.statusMails,
};
type TRecipientRow = {
  [K in keyof typeof recipientColumns]: (typeof recipientColumns)[K]['_']['data'] | null;
};

/**
 * Who hears about a change of the student's application (DESIGN 6 "Who owns a profile"): the
 * managing account when it is the student's own; for a profile an agent or admin created, the
 * profile's email in the owner's language, and a copy to the owning agent. A recipient whose
 * account turned status mails off gets nothing; a profile's own email follows the owner's choice.
 */
function recipientsOfRow(row: TRecipientRow) {
  const language = languageOf(row.ownerLanguage);
  const student = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const recipients: TRecipient[] = [];
  if (row.ownerWantsMail) {
    if (row.ownerRole === 'Student') {
      recipients.push({
        audience: 'student',
        userId: row.ownerId,
        email: row.ownerEmail!,
        language,
        name: row.firstName!,
      });
    } else {
      recipients.push({
        audience: 'profile',
        userId: null,
        email: row.profileEmail!,
        language,
        name: row.firstName!,
      });
      if (row.ownerRole === 'Agent') {
        recipients.push({
          audience: 'agent',
          userId: row.ownerId,
          email: row.ownerEmail!,
          language,
          name: row.ownerFirstName || row.ownerEmail!,
        });
      }
    }
  }
  return { student, recipients };
}

type TMailRow = typeof mailJobs.$inferInsert;

const rowsFor = (
  found: ReturnType<typeof recipientsOfRow>,
  kind: TMailKind,
  studentId: number,
  params: Omit<TMailParams, 'student' | 'name'>,
): TMailRow[] =>
  found.recipients.map((r) => {
    const full: TMailParams = { ...params, student: found.student, name: r.name };
    return {
      kind,
      studentId,
      userId: r.userId,
      audience: r.audience,
      recipient: r.email,
      language: r.language,
      subject: renderSubject(kind, r.language, full),
      params: full,
    };
  });

/** A mail the server writes itself (a reminder): its params are the server's, not checked again. */
export type TServerMail = {
  kind: TMailKind;
  studentId: number;
  params: Omit<TMailParams, 'student' | 'name'>;
  /** The caller has just changed this student's application: a missing student is an error, not skipped. */
  required?: boolean;
};

/**
 * Queues the mails of many students at once, in the caller's transaction (the reminders job, a
 * transaction's changes): one read of the recipients, one insert, in the mails' order. A student
 * that is gone is skipped (an error for a `required` mail). Returns the number of mails queued.
 */
export async function enqueueServerMails(tx: TDbOrTx, mails: TServerMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const ids = [...new Set(mails.map((m) => m.studentId))];
  const rows = await tx
    .select(recipientColumns)
    .from(studentInfos)
    .innerJoin(users, eq(users.id, studentInfos.userId))
    .where(inArray(studentInfos.id, ids));
  const byStudent = new Map(rows.map((r) => [r.studentId, recipientsOfRow(r)]));
  const values = mails.flatMap((m) => {
    const found = byStudent.get(m.studentId);
    if (!found && m.required) throw new Error(`enqueueMail: student ${m.studentId} not found`);
    return found ? rowsFor(found, m.kind, m.studentId, m.params) : [];
  });
  // In slices: one statement's parameters stay well under PostgreSQL's limit.
  for (let i = 0; i < values.length; i += 1000) await tx.insert(mailJobs).values(values.slice(i, i + 1000));
  return values.length;
}

/** A checked request as a required server mail. */
export const checkedMail = (request: TMailRequest): TServerMail => ({
  ...ZMailRequest.parse(request),
  required: true,
});

/**
 * Queues one mail per recipient of the student's change, in the caller's transaction. Returns the
 * number of mails queued (0 when everyone unsubscribed). An unknown student is an error: the
 * caller has just changed one of its applications.
 */
export async function enqueueMail(tx: TDbOrTx, request: TMailRequest): Promise<number> {
  return enqueueServerMails(tx, [checkedMail(request)]);
}
