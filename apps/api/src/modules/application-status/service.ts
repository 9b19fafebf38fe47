import {
  mayMove,
  mayReplaceAnswer,
  type TApplicationStatus,
  type TApplicationStatusState,
  type TNamedCondition,
  type TStatusMove,
  type TStatusUndo,
  type TWithdraw,
  UNDO_WINDOW_MS,
} from '@uniapply/shared';
import type { TDbOrTx } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { TIdempotentWrite } from '../../http/idempotency.js';
import type { TActor } from '../../resources/scope.js';
import { failPendingConditions, offerTypeOf, saveOffer, undoOfferMove } from '../offers/service.js';
import type { ChangeCollector } from './events.js';
import {
  answerRequestRow,
  applicationsOf,
  countOpenRequests,
  documentTypesExist,
  dropOpenRequestsOf,
  findApplication,
  findRequest,
  insertHistories,
  insertHistory,
  insertRequests,
  insertSubmitted,
  lastUndoable,
  lockStatus,
  markUndone,
  setStatus,
  setStatuses,
  stateOf,
  type TApplicationRef,
} from './repository.js';

// The status pipeline's rules (issue 12): the moves of the shared table, who makes them, undo,
// withdraw, document requests and their answers. Every change writes its history row and hands
// the change to the collector inside the same transaction.

/** Another owner's application behaves exactly like a missing one. */
export const applicationNotFound = () => notFound('Application not found.');

/** A stale version or a move the table does not allow: 409 naming the current status. */
export const statusConflict = (
  reason: 'stale' | 'illegal',
  current: { status: TApplicationStatus; version: number },
) =>
  new AppError(
    409,
    'Conflict',
    reason === 'stale'
      ? `The application changed meanwhile; it is now ${current.status}.`
      : `This move is not possible from ${current.status}.`,
    undefined,
    'statusConflict',
    { reason, current: current.status, version: current.version },
  );

/** A replacement of an answer once the application has moved on (issue 20 item 6). */
const answerFinal = (status: TApplicationStatus) =>
  new AppError(
    409,
    'Conflict',
    `This request is answered and the application is now ${status}: its answer can no longer be replaced.`,
    undefined,
    'answerFinal',
    { current: status },
  );

const undoUnavailable = () =>
  new AppError(
    409,
    'Conflict',
    'There is no move of yours to undo on this application (your own last move, within 24 hours).',
    undefined,
    'undoUnavailable',
  );

export async function requireApplication(tx: TDbOrTx, actor: TActor, studentCourseId: number) {
  const app = await findApplication(tx, actor, studentCourseId);
  if (!app) throw applicationNotFound();
  return app;
}

type TChangeInput = {
  from: TApplicationStatus | null;
  to: TApplicationStatus;
  by: TActor | null;
  message?: string | null;
  internal?: boolean;
  undoes?: number | null;
};

/** Sets the status, writes the history row, hands the change over. The row is locked by the caller. */
export async function writeChange(
  tx: TDbOrTx,
  changes: ChangeCollector,
  app: TApplicationRef,
  c: TChangeInput,
) {
  if (c.from !== null) await setStatus(tx, app.studentCourseId, c.to);
  // Issue 22: the conditions still pending are not met once the application is conditionsNotMet
  // (the applicant is told which).
  const failed =
    c.to === 'conditionsNotMet' && c.from !== c.to
      ? (await failPendingConditions(tx, [app.studentCourseId], c.by?.id ?? null)).get(app.studentCourseId)
      : undefined;
  const message = c.message?.trim() ? c.message.trim() : null;
  const internal = Boolean(c.internal && message);
  const entry = await insertHistory(tx, {
    studentCourseId: app.studentCourseId,
    fromStatus: c.from,
    toStatus: c.to,
    byUserId: c.by?.id ?? null,
    byName: c.by?.name ?? null,
    message,
    internal,
    undoes: c.undoes ?? null,
  });
  await changes.record(tx, {
    kind: 'statusChanged',
    ...app,
    byUserId: c.by?.id ?? null,
    at: entry.at,
    historyId: entry.id,
    from: c.from,
    to: c.to,
    message: internal ? null : message,
    internalNote: internal ? message : null,
    undoes: c.undoes ?? null,
    ...(failed ? { conditions: failed } : {}),
  });
  return entry;
}

/** Locks the status and checks the version the client saw. */
export async function lockSeen(tx: TDbOrTx, studentCourseId: number, seen: number) {
  const current = await lockStatus(tx, studentCourseId);
  if (current.version !== seen) throw statusConflict('stale', current);
  return current;
}

/**
 * Confirm's part: each newly submitted course enters the pipeline as submitted, with a history
 * row by the system. Called inside confirm's transaction.
 */
export async function enterSubmitted(tx: TDbOrTx, changes: ChangeCollector, studentCourseIds: number[]) {
  for (const app of await applicationsOf(tx, studentCourseIds)) {
    if (!(await insertSubmitted(tx, app.studentCourseId))) continue; // already in the pipeline
    await writeChange(tx, changes, app, { from: null, to: 'submitted', by: null });
  }
}

/**
 * An admin's move (every legal move but withdrawn); documentsRequested creates the requests. With
 * an Idempotency-Key the move claims it in its transaction and keeps its answer there.
 */
export async function moveStatus(
  tx: TDbOrTx,
  changes: ChangeCollector,
  actor: TActor,
  input: TStatusMove,
  key?: TIdempotentWrite,
  now = new Date(),
): Promise<TApplicationStatusState> {
  const app = await requireApplication(tx, actor, input.studentCourseId);
  if (input.to === 'withdrawn') throw forbidden('Only the applicant withdraws an application.');
  // Claimed before the version check: the same move sent again waits for this one and gets its
  // answer, instead of a false "changed meanwhile" (issue 20 item 6).
  await key?.claim(tx);
  const current = await lockSeen(tx, app.studentCourseId, input.version);
  if (!mayMove('admin', current.status, input.to)) throw statusConflict('illegal', current);
  const requests = input.requests ?? [];
  const typeIds = requests.flatMap((r) => (r.documentTypeId == null ? [] : [r.documentTypeId]));
  if (!(await documentTypesExist(tx, typeIds)))
    throw badRequest('A requested document type does not exist.', [
      { path: 'body.requests', message: 'validation.notFound' },
    ]);
  const entry = await writeChange(tx, changes, app, {
    from: current.status,
    to: input.to,
    by: actor,
    message: input.message,
    internal: input.internal,
  });
  if (requests.length) {
    const requestIds = await insertRequests(
      tx,
      requests.map((r) => ({
        studentCourseId: app.studentCourseId,
        historyId: entry.id,
        documentTypeId: r.documentTypeId ?? null,
        text: r.text ?? null,
        createdBy: actor.id,
      })),
    );
    await changes.record(tx, {
      kind: 'documentsRequested',
      ...app,
      byUserId: actor.id,
      at: entry.at,
      requestIds,
    });
  }
  // Issue 22: a move to an offer creates or updates the application's offer with its terms.
  const offerType = offerTypeOf(input.to);
  if (offerType)
    await saveOffer(tx, { ...app, type: offerType, terms: input.offer, byUserId: actor.id, now });
  const state = await stateOf(tx, app);
  await key?.answer(tx, state);
  return state;
}

/** Undoes the admin's own last move on the application, within 24 hours (a new history row). */
export async function undoMove(
  tx: TDbOrTx,
  changes: ChangeCollector,
  actor: TActor,
  input: TStatusUndo,
  now = new Date(),
): Promise<TApplicationStatusState> {
  const app = await requireApplication(tx, actor, input.studentCourseId);
  const current = await lockSeen(tx, app.studentCourseId, input.version);
  const last = await lastUndoable(tx, app.studentCourseId, UNDO_WINDOW_MS);
  if (
    !last?.recent ||
    last.byUserId !== actor.id ||
    last.fromStatus === null ||
    // Issue 22: only an admin's move is undone, never the applicant's answer nor a system move.
    !mayMove('admin', last.fromStatus as TApplicationStatus, last.toStatus as TApplicationStatus) ||
    // A deferral to a later intake (issue 21: the same status) is not undone.
    last.fromStatus === last.toStatus ||
    last.undoes !== null ||
    last.undoneAt !== null ||
    last.toStatus !== current.status
  )
    throw undoUnavailable();
  await dropOpenRequestsOf(tx, last.id);
  // Issue 22: the offer a move made goes with its undo (docs/decisions.md, "Offers as records").
  if (offerTypeOf(last.toStatus as TApplicationStatus))
    await undoOfferMove(tx, { ...app, backTo: last.fromStatus as TApplicationStatus, now });
  await markUndone(tx, last.id);
  await writeChange(tx, changes, app, {
    from: current.status,
    to: last.fromStatus as TApplicationStatus,
    by: actor,
    undoes: last.id,
  });
  return stateOf(tx, app);
}

/** The applicant's withdrawal: the student on their own profile or the owning agent. */
export async function withdraw(
  tx: TDbOrTx,
  changes: ChangeCollector,
  actor: TActor,
  input: TWithdraw,
): Promise<TApplicationStatusState> {
  const app = await requireApplication(tx, actor, input.studentCourseId);
  const current = await lockSeen(tx, app.studentCourseId, input.version);
  if (!mayMove('applicant', current.status, 'withdrawn')) throw statusConflict('illegal', current);
  await writeChange(tx, changes, app, {
    from: current.status,
    to: 'withdrawn',
    by: actor,
    message: input.message,
  });
  return stateOf(tx, app);
}

/** The request to upload into, checked before the upload is stored (404 like a missing one). */
export async function requireRequest(tx: TDbOrTx, actor: TActor, requestId: number) {
  const request = await findRequest(tx, actor, requestId);
  if (!request) throw notFound('Document request not found.');
  return request;
}

/**
 * Attaches an uploaded file to its request (replacing an earlier answer, whose file is returned
 * for release, while mayReplaceAnswer allows it; afterwards a 409 `answerFinal`). When no request of the application is open any more and it is in
 * documentsRequested, it returns to underReview by itself (a history row by the system).
 */
export async function answerRequest(
  tx: TDbOrTx,
  changes: ChangeCollector,
  actor: TActor,
  requestId: number,
  fileId: string,
): Promise<{ replaced: string | null; state: TApplicationStatusState }> {
  const request = await requireRequest(tx, actor, requestId);
  const app: TApplicationRef = {
    studentCourseId: request.studentCourseId,
    studentId: request.studentId,
    ownerUserId: request.ownerUserId,
  };
  const current = await lockStatus(tx, app.studentCourseId);
  if (request.fileId !== null && !mayReplaceAnswer(current.status)) throw answerFinal(current.status);
  const replaced = await answerRequestRow(tx, requestId, fileId);
  const open = await countOpenRequests(tx, app.studentCourseId);
  await changes.record(tx, {
    kind: 'requestAnswered',
    ...app,
    byUserId: actor.id,
    at: new Date().toISOString(),
    requestId,
    openRequests: open,
  });
  if (open === 0 && current.status === 'documentsRequested')
    await writeChange(tx, changes, app, { from: 'documentsRequested', to: 'underReview', by: null });
  return { replaced, state: await stateOf(tx, app) };
}

/**
 * Issue 22: the moves the system makes (the offer-lapse job: an offer not answered in time, a
 * condition still pending when the intake starts), by no user, set-based: a batch of
 * applications whose status rows the caller locked, with the status and version it read. Each
 * moves only when the table lets the system make this move from that status and the row is still
 * at that version (otherwise another process or an admin got there first: nothing changes for it).
 * The moved ones get their history rows and changes (the applicant's stored notification, the
 * mails, the live push) as for any move, in a few statements for the whole batch. Returns them.
 */
export async function systemMoves(
  tx: TDbOrTx,
  changes: ChangeCollector,
  seen: readonly (TApplicationRef & { from: TApplicationStatus; version: number })[],
  to: TApplicationStatus,
): Promise<TApplicationRef[]> {
  const movable = seen.filter((a) => mayMove('system', a.from, to));
  const moved = new Set(await setStatuses(tx, movable, to));
  const apps = movable.filter((a) => moved.has(a.studentCourseId));
  const entries = await insertHistories(
    tx,
    apps.map((a) => ({ studentCourseId: a.studentCourseId, fromStatus: a.from, toStatus: to })),
  );
  const entryOf = new Map(entries.map((e) => [e.studentCourseId, e]));
  const failed =
    to === 'conditionsNotMet'
      ? await failPendingConditions(
          tx,
          apps.map((a) => a.studentCourseId),
          null,
        )
      : new Map<number, TNamedCondition[]>();
  await changes.recordAll(
    tx,
    apps.map(({ from, version: _version, ...app }) => {
      const entry = entryOf.get(app.studentCourseId)!;
      return {
        kind: 'statusChanged' as const,
        ...app,
        byUserId: null,
        at: entry.at,
        historyId: entry.id,
        from,
        to,
        message: null,
        internalNote: null,
        undoes: null,
        ...(failed.has(app.studentCourseId) ? { conditions: failed.get(app.studentCourseId) } : {}),
      };
    }),
  );
  return apps.map(({ from: _from, version: _version, ...app }) => app);
}
