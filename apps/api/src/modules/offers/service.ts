import {
  OFFER_ANSWER_MIN_DAYS,
  type TApplicationStatus,
  type TNamedCondition,
  type TOfferConditionDecision,
  type TOfferConditionInput,
  type TOfferTerms,
  type TOfferType,
  termsFitType,
} from '@uniapply/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import {
  applicationStatuses,
  intakes,
  offerConditions,
  offers,
  studentCourses,
} from '../../db/schema/index.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { releaseFiles } from '../documents/repository.js';

// The offers' rules (issue 22 item 2). The status pipeline (application-status) checks the
// application's scope and locks its status first, then calls these inside its transaction; this
// module never imports the pipeline. Decisions recorded in docs/decisions.md ("Offers as records").

const DAY_MS = 24 * 3600_000;

/** The statuses in which an offer is still alive (its conditions may be decided, evidence sent). */
const LIVE_STATUSES: readonly TApplicationStatus[] = [
  'conditionalOffer',
  'unconditionalOffer',
  'offerAccepted',
  'depositPaid',
  'passFiled',
  'evalIssued',
];

const offerClosed = (status: string) =>
  new AppError(
    409,
    'Conflict',
    `The offer of this application is not open to this change (the application is ${status}).`,
    undefined,
    'offerClosed',
    { current: status },
  );

const conditionDecided = () =>
  new AppError(
    409,
    'Conflict',
    'This condition is already decided: evidence is taken for pending conditions only.',
    undefined,
    'conditionDecided',
  );

export const offerTypeOf = (status: TApplicationStatus): TOfferType | null =>
  status === 'conditionalOffer' ? 'conditional' : status === 'unconditionalOffer' ? 'unconditional' : null;

/**
 * The default answer-by date: the later of the intake's acceptance deadline and
 * OFFER_ANSWER_MIN_DAYS after `now` (no intake: OFFER_ANSWER_MIN_DAYS after `now`).
 */
export function defaultAnswerBy(acceptanceDeadline: string | null, now: Date): Date {
  const minimum = new Date(now.getTime() + OFFER_ANSWER_MIN_DAYS * DAY_MS);
  if (acceptanceDeadline === null) return minimum;
  const deadline = new Date(acceptanceDeadline);
  return deadline > minimum ? deadline : minimum;
}

async function intakeOf(tx: TDbOrTx, studentCourseId: number) {
  const [row] = await tx
    .select({ intakeId: studentCourses.intakeId, acceptanceDeadline: intakes.acceptanceDeadline })
    .from(studentCourses)
    .leftJoin(intakes, eq(intakes.id, studentCourses.intakeId))
    .where(eq(studentCourses.id, studentCourseId));
  return { intakeId: row?.intakeId ?? null, acceptanceDeadline: row?.acceptanceDeadline ?? null };
}

const sameCondition = (a: { kind: string; text: string | null }, b: TOfferConditionInput) =>
  a.kind === b.kind && (a.text ?? null) === (b.text ?? null);

/**
 * Replaces the offer's conditions by `wanted`: a condition whose kind and text are unchanged keeps
 * its state, decision and evidence (matched in order, each once); the others go, their evidence
 * released; new ones start pending. Returns the released file ids.
 */
async function replaceConditions(
  tx: TDbOrTx,
  offerId: number,
  studentId: number,
  wanted: readonly TOfferConditionInput[],
): Promise<string[]> {
  const existing = await tx
    .select({
      id: offerConditions.id,
      kind: offerConditions.kind,
      text: offerConditions.text,
      evidenceFileId: offerConditions.evidenceFileId,
    })
    .from(offerConditions)
    .where(eq(offerConditions.offerId, offerId))
    .orderBy(asc(offerConditions.position), asc(offerConditions.id));
  const left = [...existing];
  const kept: { id: number; position: number }[] = [];
  const added: (typeof offerConditions.$inferInsert)[] = [];
  wanted.forEach((c, position) => {
    const i = left.findIndex((e) => sameCondition(e, c));
    if (i >= 0) kept.push({ id: left.splice(i, 1)[0]!.id, position });
    else added.push({ offerId, position, kind: c.kind, text: c.text ?? null });
  });
  if (left.length)
    await tx.delete(offerConditions).where(
      inArray(
        offerConditions.id,
        left.map((e) => e.id),
      ),
    );
  for (const k of kept)
    await tx.update(offerConditions).set({ position: k.position }).where(eq(offerConditions.id, k.id));
  if (added.length) await tx.insert(offerConditions).values(added);
  return releaseFiles(
    tx,
    studentId,
    left.flatMap((e) => (e.evidenceFileId ? [e.evidenceFileId] : [])),
  );
}

/**
 * Sets or clears `conditions_met_at` from the conditions as they are: set (at `now`) when the offer
 * is conditional and every one of its conditions is met, else cleared. True when it has just been
 * set (the applicant is to be told).
 */
async function settleConditions(tx: TDbOrTx, offerId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ type: offers.type, metAt: offers.conditionsMetAt })
    .from(offers)
    .where(eq(offers.id, offerId));
  const [counts] = await tx
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      unmet: sql<number>`count(*) filter (where ${offerConditions.state} <> 'met')`.mapWith(Number),
    })
    .from(offerConditions)
    .where(eq(offerConditions.offerId, offerId));
  if (!row || !counts) return false;
  const allMet = row.type === 'conditional' && counts.total > 0 && counts.unmet === 0;
  if (allMet === (row.metAt !== null)) return false;
  await tx
    .update(offers)
    .set({ conditionsMetAt: allMet ? now.toISOString() : null })
    .where(eq(offers.id, offerId));
  return allMet;
}

export type TOfferSaved = { offerId: number; conditionsMet: boolean; released: string[] };

/**
 * The admin's move to an offer (or a change of its terms): creates or updates the application's
 * one offer, inside the move's transaction. Without `terms` a new offer takes the defaults and an
 * existing one keeps its fees and answer-by date (conditional → unconditional drops the conditions).
 * `answered_at` is cleared; the answer-by date is the given one, else the default at `now`.
 */
export async function saveOffer(
  tx: TDbOrTx,
  input: {
    studentCourseId: number;
    studentId: number;
    type: TOfferType;
    terms: TOfferTerms | undefined;
    byUserId: number;
    now: Date;
  },
): Promise<TOfferSaved> {
  const { studentCourseId, type, terms, now } = input;
  if (terms && !termsFitType(type, terms))
    throw badRequest('The conditions do not fit the offer.', [
      { path: 'body.conditions', message: 'validation.invalid' },
    ]);
  const intake = await intakeOf(tx, studentCourseId);
  const [existing] = await tx
    .select({ id: offers.id, fees: offers.fees, answerBy: offers.answerBy })
    .from(offers)
    .where(eq(offers.studentCourseId, studentCourseId))
    .for('update');
  const fees = terms ? terms.fees : (existing?.fees ?? null);
  const answerBy =
    terms?.answerBy ??
    (existing && !terms ? existing.answerBy : defaultAnswerBy(intake.acceptanceDeadline, now).toISOString());
  const values = {
    type,
    intakeId: intake.intakeId,
    fees,
    answerBy: new Date(answerBy).toISOString(),
    answeredAt: null,
    updatedAt: now.toISOString(),
  };
  let offerId: number;
  if (existing) {
    offerId = existing.id;
    await tx.update(offers).set(values).where(eq(offers.id, offerId));
  } else {
    const [row] = await tx
      .insert(offers)
      .values({ ...values, studentCourseId, createdBy: input.byUserId, createdAt: now.toISOString() })
      .returning({ id: offers.id });
    offerId = row!.id;
  }
  const wanted = type === 'unconditional' ? [] : (terms?.conditions ?? null);
  const released = wanted === null ? [] : await replaceConditions(tx, offerId, input.studentId, wanted);
  const conditionsMet = await settleConditions(tx, offerId, now);
  return { offerId, conditionsMet, released };
}

/**
 * An admin's change of an open offer's terms without a status move (e.g. a later answer-by
 * date). The status is locked by the caller; the offer keeps its type.
 */
export async function changeTerms(
  tx: TDbOrTx,
  input: {
    studentCourseId: number;
    studentId: number;
    status: TApplicationStatus;
    terms: TOfferTerms;
    byUserId: number;
    now: Date;
  },
): Promise<TOfferSaved> {
  const type = offerTypeOf(input.status);
  const [existing] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.studentCourseId, input.studentCourseId));
  if (type === null || !existing) throw offerClosed(input.status);
  return saveOffer(tx, { ...input, type });
}

/**
 * Undoing the admin's move to an offer (within the undo window): a move from a status without an
 * offer made it, so the offer goes (its evidence released); conditional → unconditional undone
 * makes it conditional again (its conditions went with the move). Returns the released file ids.
 */
export async function undoOfferMove(
  tx: TDbOrTx,
  input: { studentCourseId: number; studentId: number; backTo: TApplicationStatus; now: Date },
): Promise<string[]> {
  const [offer] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.studentCourseId, input.studentCourseId))
    .for('update');
  if (!offer) return [];
  const type = offerTypeOf(input.backTo);
  if (type !== null) {
    await tx.update(offers).set({ type, updatedAt: input.now.toISOString() }).where(eq(offers.id, offer.id));
    await settleConditions(tx, offer.id, input.now);
    return [];
  }
  const evidence = await tx
    .select({ fileId: offerConditions.evidenceFileId })
    .from(offerConditions)
    .where(eq(offerConditions.offerId, offer.id));
  await tx.delete(offers).where(eq(offers.id, offer.id));
  return releaseFiles(
    tx,
    input.studentId,
    evidence.flatMap((e) => (e.fileId ? [e.fileId] : [])),
  );
}

/** The application a condition belongs to (unscoped: the caller checks the scope next); undefined when missing. */
export async function conditionRef(tx: TDbOrTx, conditionId: number) {
  const [row] = await tx
    .select({ studentCourseId: offers.studentCourseId, offerId: offers.id })
    .from(offerConditions)
    .innerJoin(offers, eq(offers.id, offerConditions.offerId))
    .where(eq(offerConditions.id, conditionId));
  return row;
}

async function statusOf(tx: TDbOrTx, studentCourseId: number): Promise<string> {
  const [row] = await tx
    .select({ status: applicationStatuses.status })
    .from(applicationStatuses)
    .where(eq(applicationStatuses.studentCourseId, studentCourseId));
  return row?.status ?? 'submitted';
}

/** Locks the offer row: decisions and evidence of one offer are made one after the other. */
async function lockOffer(tx: TDbOrTx, offerId: number) {
  const [row] = await tx
    .select({ id: offers.id, type: offers.type })
    .from(offers)
    .where(eq(offers.id, offerId))
    .for('update');
  if (!row) throw notFound('Condition not found.');
  return row;
}

/**
 * An admin's decision on one condition (the caller checked the application's scope). The offer
 * is locked first, so two decisions on its last pending conditions see each other: exactly one of
 * them sets `conditions_met_at` and reports `conditionsMet` (the applicant is told once).
 */
export async function decideCondition(
  tx: TDbOrTx,
  input: TOfferConditionDecision & { offerId: number; studentCourseId: number; byUserId: number; now: Date },
): Promise<{ conditionsMet: boolean }> {
  await lockOffer(tx, input.offerId);
  const status = await statusOf(tx, input.studentCourseId);
  if (!LIVE_STATUSES.includes(status as TApplicationStatus)) throw offerClosed(status);
  await tx
    .update(offerConditions)
    .set(
      input.state === 'pending'
        ? { state: 'pending', decidedBy: null, decidedAt: null }
        : { state: input.state, decidedBy: input.byUserId, decidedAt: input.now.toISOString() },
    )
    .where(and(eq(offerConditions.id, input.conditionId), eq(offerConditions.offerId, input.offerId)));
  return { conditionsMet: await settleConditions(tx, input.offerId, input.now) };
}

/**
 * The applicant's evidence for a pending condition: the file replaces an earlier one (returned
 * for release). The caller checked the scope; a decided condition or a closed offer is a 409.
 */
export async function attachEvidence(
  tx: TDbOrTx,
  input: { conditionId: number; offerId: number; studentCourseId: number; fileId: string; now: Date },
): Promise<{ replaced: string | null }> {
  await lockOffer(tx, input.offerId);
  const status = await statusOf(tx, input.studentCourseId);
  if (!LIVE_STATUSES.includes(status as TApplicationStatus)) throw offerClosed(status);
  const [condition] = await tx
    .select({ state: offerConditions.state, fileId: offerConditions.evidenceFileId })
    .from(offerConditions)
    .where(eq(offerConditions.id, input.conditionId));
  if (!condition) throw notFound('Condition not found.');
  if (condition.state !== 'pending') throw conditionDecided();
  await tx
    .update(offerConditions)
    .set({ evidenceFileId: input.fileId, evidenceAt: input.now.toISOString() })
    .where(eq(offerConditions.id, input.conditionId));
  return { replaced: condition.fileId };
}

/**
 * A move to conditionsNotMet (the system's at the intake's start, or an admin's): the conditions
 * of these applications' offers still pending are not met now, in the move's transaction, decided
 * by the admin (null: the system). Two statements for any number of applications (the pending
 * ones read, then decided). Returns each application's conditions it decided, in their order (the
 * applicant is told which, issue 22 left); an application with none is absent.
 */
export async function failPendingConditions(
  tx: TDbOrTx,
  studentCourseIds: readonly number[],
  byUserId: number | null,
): Promise<Map<number, TNamedCondition[]>> {
  const failed = new Map<number, TNamedCondition[]>();
  if (studentCourseIds.length === 0) return failed;
  const pending = await tx
    .select({
      id: offerConditions.id,
      studentCourseId: offers.studentCourseId,
      kind: offerConditions.kind,
      text: offerConditions.text,
    })
    .from(offerConditions)
    .innerJoin(offers, eq(offers.id, offerConditions.offerId))
    .where(and(eq(offerConditions.state, 'pending'), inArray(offers.studentCourseId, [...studentCourseIds])))
    .orderBy(asc(offers.studentCourseId), asc(offerConditions.position), asc(offerConditions.id));
  if (pending.length === 0) return failed;
  await tx
    .update(offerConditions)
    .set({ state: 'notMet', decidedBy: byUserId, decidedAt: sql`now()` })
    .where(
      inArray(
        offerConditions.id,
        pending.map((c) => c.id),
      ),
    );
  for (const c of pending)
    failed.set(c.studentCourseId, [
      ...(failed.get(c.studentCourseId) ?? []),
      { kind: c.kind as TNamedCondition['kind'], text: c.text },
    ]);
  return failed;
}
