import { z } from 'zod';
import { zId } from '../fields.js';
import {
  type TNamedCondition,
  type TPassportWhereabouts,
  termsFitType,
  ZNamedCondition,
  ZOffer,
  ZOfferTerms,
  ZPassportWhereabouts,
} from './offers.js';

// The status pipeline of a submitted application (issue 12): one status per submitted student
// course, the one table of allowed moves, who may make them, and the shapes of the API.

/** Stable machine values, in pipeline order (stored as text; the web translates them). */
export const APPLICATION_STATUSES = [
  'submitted',
  'underReview',
  'documentsRequested',
  'conditionalOffer',
  'unconditionalOffer',
  'rejected',
  'withdrawn',
  'offerAccepted',
  'depositPaid',
  'passFiled',
  'evalIssued',
  'enrolled',
  'offerDeclined',
  'offerLapsed',
  'conditionsNotMet',
] as const;
export const ZApplicationStatus = z.enum(APPLICATION_STATUSES);
export type TApplicationStatus = z.infer<typeof ZApplicationStatus>;

/**
 * Who makes a move: an admin, the applicant (the student on their own account, or the owning
 * agent), or the system (a job or a rule: a lapse, every request answered).
 */
export const STATUS_ACTORS = ['admin', 'applicant', 'system'] as const;
export type TStatusActor = (typeof STATUS_ACTORS)[number];

const A = ['admin'] as const;
const P = ['applicant'] as const;
const S = ['system'] as const;
/** Conditions not met: the system when the intake starts with a condition pending, or an admin. */
const NOT_MET = ['system', 'admin'] as const;

/**
 * THE table of allowed moves (issue 12; issue 22 gives each edge its actors and adds the
 * applicant's answer, the lapse and conditions not met). A status with no edges has no way out.
 * Accepting a conditional offer gives offerAccepted with its conditions still open; "all
 * conditions met" is an event on the offer, not a status. Recorded in docs/decisions.md.
 */
export const STATUS_TRANSITIONS: Readonly<
  Record<TApplicationStatus, Readonly<Partial<Record<TApplicationStatus, readonly TStatusActor[]>>>>
> = {
  submitted: { underReview: A, withdrawn: P },
  underReview: {
    documentsRequested: A,
    conditionalOffer: A,
    unconditionalOffer: A,
    rejected: A,
    withdrawn: P,
  },
  documentsRequested: { underReview: ['admin', 'system'], rejected: A, withdrawn: P },
  conditionalOffer: {
    unconditionalOffer: A,
    offerAccepted: P,
    offerDeclined: P,
    offerLapsed: S,
    conditionsNotMet: NOT_MET,
    rejected: A,
    withdrawn: P,
  },
  unconditionalOffer: { offerAccepted: P, offerDeclined: P, offerLapsed: S, withdrawn: P },
  offerAccepted: { depositPaid: A, conditionsNotMet: NOT_MET, withdrawn: P },
  depositPaid: { passFiled: A, conditionsNotMet: NOT_MET },
  passFiled: { evalIssued: A, conditionsNotMet: NOT_MET },
  evalIssued: { enrolled: A, conditionsNotMet: NOT_MET },
  rejected: {},
  withdrawn: {},
  enrolled: {},
  offerDeclined: {},
  offerLapsed: {},
  conditionsNotMet: {},
};

/** Where the table leads from `from` (by anyone), in pipeline order. */
export const movesFrom = (from: TApplicationStatus): TApplicationStatus[] =>
  APPLICATION_STATUSES.filter((to) => STATUS_TRANSITIONS[from][to] !== undefined);

/** Whether the table allows `from` → `to` (by anyone). */
export const canMove = (from: TApplicationStatus, to: TApplicationStatus): boolean =>
  STATUS_TRANSITIONS[from][to] !== undefined;

/** No move leaves these. */
export const isFinalStatus = (status: TApplicationStatus) => movesFrom(status).length === 0;

/** Whether `actor` may move an application from `from` to `to`. */
export const mayMove = (actor: TStatusActor, from: TApplicationStatus, to: TApplicationStatus): boolean =>
  STATUS_TRANSITIONS[from][to]?.includes(actor) ?? false;

/** Where an admin may move an application in `from` (the status control's choices). */
export const adminMovesFrom = (from: TApplicationStatus): TApplicationStatus[] =>
  movesFrom(from).filter((to) => mayMove('admin', from, to));

/** The statuses of an offer the applicant has yet to answer. */
export const OPEN_OFFER_STATUSES = [
  'conditionalOffer',
  'unconditionalOffer',
] as const satisfies readonly TApplicationStatus[];
export const isOpenOffer = (status: TApplicationStatus) =>
  (OPEN_OFFER_STATUSES as readonly TApplicationStatus[]).includes(status);

/** Whether the applicant may still withdraw an application in this status. */
export const mayWithdraw = (from: TApplicationStatus) => mayMove('applicant', from, 'withdrawn');

/**
 * Issue 18: whether an application in this status waits for the applicant (the student, or the
 * owning agent) to act: documents requested, or (issue 22) an open offer to answer. The one rule
 * behind the dashboards' "Action needed" and their banners.
 */
export const waitsForApplicant = (status: TApplicationStatus): boolean =>
  status === 'documentsRequested' || isOpenOffer(status);

/**
 * Issue 20 item 6: whether the applicant may still replace the file that answered a document
 * request: while the application waits for the admissions team's decision (documents requested,
 * or back under review once every request is answered). From an offer, a rejection or a withdrawal
 * on, the answer stays as the decision saw it. An open request may be answered in any status.
 */
export const mayReplaceAnswer = (status: TApplicationStatus): boolean =>
  status === 'documentsRequested' || status === 'underReview';

/**
 * Issue 21: the statuses whose application no longer holds a seat of its intake's cap (issue 22:
 * a declined or lapsed offer, and conditions not met, too). Every other submitted application counts.
 */
export const SEAT_RELEASED_STATUSES = [
  'withdrawn',
  'rejected',
  'offerDeclined',
  'offerLapsed',
  'conditionsNotMet',
] as const satisfies readonly TApplicationStatus[];
export const holdsSeat = (status: TApplicationStatus) =>
  !(SEAT_RELEASED_STATUSES as readonly TApplicationStatus[]).includes(status);

/** How long an admin may undo their own last move. */
export const UNDO_WINDOW_MS = 24 * 3600_000;

export const STATUS_MESSAGE_MAX = 2000;
const zMessage = z.string().trim().max(STATUS_MESSAGE_MAX, 'validation.tooLong');
/** A version seen by the client: the status row's counter, raised by every change. */
const zVersion = z.number().int().min(0, 'validation.notNegative');

/** One thing the admin asks for: a document type, or free text (exactly one of the two). */
export const ZDocumentRequestItem = z
  .object({
    documentTypeId: zId.nullish(),
    text: z.string().trim().min(1, 'validation.required').max(500, 'validation.tooLong').nullish(),
  })
  .refine((v) => (v.documentTypeId != null) !== (v.text != null), {
    message: 'validation.invalid',
    path: ['text'],
  });
export type TDocumentRequestItem = z.infer<typeof ZDocumentRequestItem>;

/** An admin's move; documentsRequested needs at least one request, other moves none. */
export const ZStatusMove = z
  .object({
    studentCourseId: zId,
    to: ZApplicationStatus,
    message: zMessage.optional(),
    internal: z.boolean().default(false),
    version: zVersion,
    requests: z.array(ZDocumentRequestItem).max(20, 'validation.tooMany').optional(),
    /** Issue 22: the offer's terms, only with a move to conditionalOffer or unconditionalOffer. */
    offer: ZOfferTerms.optional(),
  })
  .refine((v) => v.to !== 'documentsRequested' || (v.requests?.length ?? 0) > 0, {
    message: 'validation.selectOne',
    path: ['requests'],
  })
  .refine((v) => v.to === 'documentsRequested' || !v.requests?.length, {
    message: 'validation.unknownField',
    path: ['requests'],
  })
  .refine((v) => !(v.internal && v.to === 'documentsRequested'), {
    // The applicant must be able to read what is asked of them.
    message: 'validation.invalid',
    path: ['internal'],
  })
  .refine((v) => v.offer === undefined || isOpenOffer(v.to), {
    message: 'validation.unknownField',
    path: ['offer'],
  })
  .refine(
    (v) =>
      v.offer === undefined ||
      !isOpenOffer(v.to) ||
      termsFitType(v.to === 'conditionalOffer' ? 'conditional' : 'unconditional', v.offer),
    // A conditional offer names at least one condition; an unconditional one none.
    { message: 'validation.invalid', path: ['offer', 'conditions'] },
  );
export type TStatusMove = z.infer<typeof ZStatusMove>;

/**
 * Issue 21: an admin moves a live application to a later intake of its course (a deferral). The
 * status stays; the history records the move, and it cannot be undone (defer again instead).
 */
export const ZIntakeDeferral = z.object({
  studentCourseId: zId,
  intakeId: zId,
  version: zVersion,
  message: zMessage.optional(),
});
export type TIntakeDeferral = z.infer<typeof ZIntakeDeferral>;

export const ZStatusUndo = z.object({ studentCourseId: zId, version: zVersion });
export type TStatusUndo = z.infer<typeof ZStatusUndo>;

export const ZWithdraw = z.object({
  studentCourseId: zId,
  version: zVersion,
  message: zMessage.optional(),
});
export type TWithdraw = z.infer<typeof ZWithdraw>;

/** The current status of one application. */
export const ZApplicationStatusState = z.object({
  studentCourseId: zId,
  studentId: zId,
  status: ZApplicationStatus,
  version: zVersion,
  updatedAt: z.string(),
  /** Issue 22 item 5: where the passport is (admins set it; applicants see it after acceptance). */
  passportWhereabouts: ZPassportWhereabouts,
});
export type TApplicationStatusState = z.infer<typeof ZApplicationStatusState>;

/** A deferral's intakes (issue 21), by their start dates ('YYYY-MM-DD'; a deleted intake: null). */
export const ZDeferralIntakes = z.object({
  fromStartDate: z.string().nullable(),
  toStartDate: z.string().nullable(),
});
export type TDeferralIntakes = z.infer<typeof ZDeferralIntakes>;

/**
 * One history entry. `byUserId` null: the system (confirm, every request answered). `undoes`:
 * the entry this one reverses; `undone`: this entry was reversed later. `internal` entries and
 * their messages never reach a student or an agent.
 */
export const ZStatusHistoryEntry = z.object({
  id: zId,
  studentCourseId: zId,
  from: ZApplicationStatus.nullable(),
  to: ZApplicationStatus,
  byUserId: zId.nullable(),
  byName: z.string().nullable(),
  at: z.string(),
  message: z.string().nullable(),
  internal: z.boolean(),
  undoes: zId.nullable(),
  undone: z.boolean(),
  /**
   * A deferral (issue 21): the start dates of the intakes it moved between (a deleted intake:
   * null). Absent or null on every other entry.
   */
  deferral: ZDeferralIntakes.nullish(),
  /** The admins changed the open offer's terms (fees, answer-by date, conditions) without a move. */
  offerTerms: z.boolean().optional(),
});
export type TStatusHistoryEntry = z.infer<typeof ZStatusHistoryEntry>;

/** A document request; `fileId` and `answeredAt` are set once the applicant uploads into it. */
export const ZDocumentRequest = z.object({
  id: zId,
  studentCourseId: zId,
  documentTypeId: zId.nullable(),
  documentTypeName: z.string().nullable(),
  text: z.string().nullable(),
  createdBy: zId.nullable(),
  createdAt: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type TDocumentRequest = z.infer<typeof ZDocumentRequest>;

/**
 * An open request as the dashboards list it (the agent's home): which student, which course, what
 * is missing and since when.
 */
export const ZOpenDocumentRequest = ZDocumentRequest.pick({
  id: true,
  studentCourseId: true,
  documentTypeId: true,
  documentTypeName: true,
  text: true,
  createdAt: true,
}).extend({
  studentId: zId,
  firstName: z.string(),
  lastName: z.string(),
  courseName: z.string(),
  universityName: z.string(),
});
export type TOpenDocumentRequest = z.infer<typeof ZOpenDocumentRequest>;

/**
 * Issue 22: one application that waits for the applicant side (`waitsForApplicant`), named for
 * the dashboards' "Action needed" banner: the student, the course and university, and for an open
 * offer its answer-by date (an instant; null for a documents request).
 */
export const ZActionNeeded = z.object({
  studentCourseId: zId,
  studentId: zId,
  status: ZApplicationStatus,
  studentName: z.string(),
  course: z.string(),
  university: z.string(),
  answerBy: z.string().nullable(),
});
export type TActionNeeded = z.infer<typeof ZActionNeeded>;

/** One application's status with its timeline and its document requests. */
export const ZApplicationStatusDetail = z.object({
  state: ZApplicationStatusState,
  history: z.array(ZStatusHistoryEntry),
  requests: z.array(ZDocumentRequest),
  /** Issue 22: the offer made on this application, if any. */
  offer: ZOffer.nullable(),
});
export type TApplicationStatusDetail = z.infer<typeof ZApplicationStatusDetail>;

/** Issue 18: what a stored notification of a student or an agent reports (issue 21: reminders too). */
export const REMINDER_NOTIFICATION_KINDS = [
  'reminderIdle',
  'reminderDocuments',
  'reminderDeadline',
  // Issue 22 item 6: an offer's answer-by date near; a condition still pending as the intake nears.
  'reminderOffer',
  'reminderCondition',
] as const;
export const USER_NOTIFICATION_KINDS = [
  'statusChanged',
  ...REMINDER_NOTIFICATION_KINDS,
  // Issue 22: every condition of the application's offer is met (the offer shows as unconditional).
  'conditionsMet',
  // Issue 22 item 5: an admin moved the passport (migration 0023).
  'passportMoved',
  // Issue 22, left: an admin changed an open offer's terms; an admin deferred the application to a
  // later intake (issue 21, left). Migration 0025.
  'offerTermsChanged',
  'intakeDeferred',
] as const;
export type TReminderNotificationKind = (typeof REMINDER_NOTIFICATION_KINDS)[number];
export const ZUserNotificationPayload = z.object({
  from: ZApplicationStatus.nullable(),
  to: ZApplicationStatus,
  /** The message for the applicant; never an internal note. */
  message: z.string().nullable(),
  /** A move to conditionsNotMet (issue 22, left): the conditions that were still pending. */
  conditions: z.array(ZNamedCondition).optional(),
});
/** A reminder (issue 21 item 5): what its text needs beyond the application it names. */
export const ZReminderPayload = z.object({
  /** reminderDeadline: the application deadline, an instant (shown in both zones, each named). */
  deadline: z.string().optional(),
  /** reminderIdle: the student (an idle application is the student's wizard, not one course). */
  studentId: zId.optional(),
  /** reminderIdle: the wizard's next step (1 to 10). */
  step: z.number().int().optional(),
  /** reminderOffer: the offer's answer-by date, an instant (shown in both zones, each named). */
  answerBy: z.string().optional(),
  /** reminderCondition: the intake's start (its start date at 00:00 in Kuala Lumpur), an instant. */
  intakeStart: z.string().optional(),
});
export type TReminderPayload = z.infer<typeof ZReminderPayload>;
/** Issue 22: every condition of the offer met (its id; the offer then shows as unconditional). */
export const ZConditionsMetPayload = z.object({ offerId: zId });
/** Issue 22 item 5: where the passport was and where it is now. */
export const ZPassportMovedPayload = z.object({ from: ZPassportWhereabouts, to: ZPassportWhereabouts });
/** Issue 22, left: an open offer's terms as they are now (the answer-by date an instant). */
export const ZOfferTermsChangedPayload = z.object({
  answerBy: z.string(),
  fees: z.string().nullable(),
  conditions: z.array(ZNamedCondition),
});
export type TOfferTermsChangedPayload = z.infer<typeof ZOfferTermsChangedPayload>;
/** Issue 21, left: the intakes a deferral moved between, and the admin's note (never internal). */
export const ZIntakeDeferredPayload = ZDeferralIntakes.extend({ message: z.string().nullable() });
export type TIntakeDeferredPayload = z.infer<typeof ZIntakeDeferredPayload>;

const ZUserNotificationBase = z.object({
  id: zId,
  createdAt: z.string(),
  readAt: z.string().nullable(),
  studentCourseId: zId.nullable(),
  studentId: zId.nullable(),
  studentName: z.string().nullable(),
  courseName: z.string().nullable(),
  universityName: z.string().nullable(),
});

/**
 * A stored notification of a student or an agent (issue 18), with the course, the university and
 * the student it is about (null once the application is gone; an idle reminder names no course).
 * Another account's is never listed.
 */
export const ZUserNotification = z.discriminatedUnion('kind', [
  ZUserNotificationBase.extend({ kind: z.literal('statusChanged'), payload: ZUserNotificationPayload }),
  ZUserNotificationBase.extend({ kind: z.enum(REMINDER_NOTIFICATION_KINDS), payload: ZReminderPayload }),
  ZUserNotificationBase.extend({ kind: z.literal('conditionsMet'), payload: ZConditionsMetPayload }),
  ZUserNotificationBase.extend({ kind: z.literal('passportMoved'), payload: ZPassportMovedPayload }),
  ZUserNotificationBase.extend({ kind: z.literal('offerTermsChanged'), payload: ZOfferTermsChangedPayload }),
  ZUserNotificationBase.extend({ kind: z.literal('intakeDeferred'), payload: ZIntakeDeferredPayload }),
]);
export type TUserNotification = z.infer<typeof ZUserNotification>;

/** The caller's notifications, newest first, and how many of all theirs are unread. */
export const ZUserNotificationList = z.object({
  items: z.array(ZUserNotification),
  unread: z.number().int().min(0),
});
export type TUserNotificationList = z.infer<typeof ZUserNotificationList>;
/** How many the Notifications page lists (the newest). */
export const USER_NOTIFICATIONS_LIMIT = 100;

/** Marks exactly the notifications a screen showed as read (never "all"). */
export const ZMarkUserNotificationsRead = z.object({
  ids: z.array(zId).min(1).max(USER_NOTIFICATIONS_LIMIT),
});
/** The answer of a "mark read" (students' and agents' markRead, the admin's markNotified). */
export const ZMarkedIds = z.object({
  ids: z.array(z.number().int()).describe('The ids that were unread and are now notified.'),
});
export type TMarkedIds = z.infer<typeof ZMarkedIds>;

/** How many applications the admin overview lists per status (the longest waiting first). */
export const OVERVIEW_WAITING_LIMIT = 5;

/** Statuses an application can wait in (every status but the final ones), in pipeline order. */
export const WAITING_STATUSES = APPLICATION_STATUSES.filter((s) => !isFinalStatus(s));

/** One application in the overview: who, which course, and since when it has had its status. */
export const ZWaitingApplication = z.object({
  studentCourseId: zId,
  studentId: zId,
  fullName: z.string(),
  course: z.string(),
  university: z.string(),
  since: z.string(),
});
export type TWaitingApplication = z.infer<typeof ZWaitingApplication>;

/**
 * `GET /ApplicationStatus/overview` (admins, issue 12 item 5): the number of applications in each
 * status (every status, zeros included) and, for each status one can wait in, the applications
 * that have waited longest (at most OVERVIEW_WAITING_LIMIT, oldest first).
 */
const zCount = z.number().int().min(0);
export const ZStatusOverview = z.object({
  // One property per status (not a record): OpenAPI then lists each one.
  counts: z.object(
    Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, zCount])) as Record<
      TApplicationStatus,
      typeof zCount
    >,
  ),
  waiting: z.array(z.object({ status: ZApplicationStatus, applications: z.array(ZWaitingApplication) })),
  /**
   * Issue 21 item 5: how many applications have waited longer than the Settings limit
   * (`statusWaitLimitDays`, here as `limitDays`) in each status one can wait in (zeros included).
   */
  overdue: z.object({
    limitDays: z.number().int().min(1),
    counts: z.object(
      Object.fromEntries(WAITING_STATUSES.map((s) => [s, zCount])) as Record<
        (typeof WAITING_STATUSES)[number],
        typeof zCount
      >,
    ),
  }),
});
export type TStatusOverview = z.infer<typeof ZStatusOverview>;

// A change of an application as the server announces it after its commit (mail, live pushes).
type TChangeBase = {
  studentCourseId: number;
  studentId: number;
  /** The account that manages the profile (the student, or the owning agent). */
  ownerUserId: number;
  /** Who made the change; null: the system. */
  byUserId: number | null;
  at: string;
};

export type TApplicationChange =
  | (TChangeBase & {
      kind: 'statusChanged';
      historyId: number;
      from: TApplicationStatus | null;
      to: TApplicationStatus;
      /** The message for the applicant: null when there is none or when the note is internal. */
      message: string | null;
      /** An internal note: for admins only (never for the applicant's room or mail). */
      internalNote: string | null;
      /** The history entry this change reverses (an undo). */
      undoes: number | null;
      /** A move to conditionsNotMet (issue 22, left): the conditions it found pending. */
      conditions?: TNamedCondition[];
    })
  | (TChangeBase & { kind: 'documentsRequested'; requestIds: number[] })
  | (TChangeBase & { kind: 'requestAnswered'; requestId: number; openRequests: number })
  /** Issue 22: an admin's decision met the offer's last pending condition. */
  | (TChangeBase & { kind: 'conditionsMet'; offerId: number })
  /** Issue 22 item 5: an admin moved the passport (not a status change: no history entry). */
  | (TChangeBase & { kind: 'passportMoved'; from: TPassportWhereabouts; to: TPassportWhereabouts })
  /** Issue 22, left: an admin changed an open offer's terms (its history entry; the terms now). */
  | (TChangeBase & { kind: 'offerTermsChanged'; historyId: number } & TOfferTermsChangedPayload)
  /** Issue 21, left: an admin deferred the application to a later intake (its history entry). */
  | (TChangeBase & { kind: 'intakeDeferred'; historyId: number } & TIntakeDeferredPayload);
