import {
  type TApplicationStatus,
  type TOffer,
  type TOfferTermsChangedPayload,
  ZApplicationStatusDetail,
  ZOffer,
  ZOfferConditionDecision,
  ZOfferTermsChange,
} from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDbOrTx } from '../../db/client.js';
import { documented, problems } from '../../http/openapi.js';
import { actorOf, type TActor } from '../../resources/scope.js';
import { releaseFiles } from '../documents/repository.js';
import { discard, purgeNow, removeSpooled, storeUpload, type TDocumentsDeps } from '../documents/service.js';
import { refuseOversized, spoolUpload } from '../documents/upload.js';
import { offerOf } from '../offers/repository.js';
import { attachEvidence, changeTerms, conditionRef, decideCondition } from '../offers/service.js';
import { type ChangeCollector, withChanges } from './events.js';
import { insertHistory, setStatus, type TApplicationRef } from './repository.js';
import { applicationNotFound, lockSeen, requireApplication } from './service.js';

// Issue 22 item 2: the admins' change of an offer's terms and their decisions on its conditions,
// and the applicant's evidence for a pending condition. The scope is checked here first (another
// owner's application or condition is a 404 like a missing one); the offers module keeps the rules.

const conditionNotFound = () => applicationNotFound();

/** The condition's application, in the actor's scope; a missing or foreign one is a 404. */
async function requireCondition(tx: TDbOrTx, actor: TActor, conditionId: number) {
  const ref = await conditionRef(tx, conditionId);
  if (!ref) throw conditionNotFound();
  const app = await requireApplication(tx, actor, ref.studentCourseId);
  return { ...ref, app };
}

/** Tells the applicant side (stored notification, mail, live push) that every condition is met. */
async function recordConditionsMet(
  tx: TDbOrTx,
  changes: ChangeCollector,
  app: TApplicationRef,
  offerId: number,
  byUserId: number,
  now: Date,
) {
  await changes.record(tx, { kind: 'conditionsMet', ...app, offerId, byUserId, at: now.toISOString() });
}

/** The terms the applicant is told of: the answer-by date, the fees and the conditions named. */
const termsOf = (offer: TOffer): TOfferTermsChangedPayload => ({
  answerBy: offer.answerBy,
  fees: offer.fees,
  conditions: offer.conditions.map((c) => ({ kind: c.kind, text: c.text })),
});
const sameTerms = (a: TOfferTermsChangedPayload, b: TOfferTermsChangedPayload) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The terms change's mark on the application: the version goes up, one history entry says so. */
async function recordTermsChange(
  tx: TDbOrTx,
  studentCourseId: number,
  status: TApplicationStatus,
  by: TActor,
) {
  await setStatus(tx, studentCourseId, status);
  return insertHistory(tx, {
    studentCourseId,
    fromStatus: status,
    toStatus: status,
    byUserId: by.id,
    byName: by.name,
    offerTerms: true,
  });
}

const ZConditionParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ZEvidenceAnswer = z.object({ offer: ZOffer });

export function registerOfferRoutes(fastify: FastifyInstance, deps: TDocumentsDeps) {
  registerTermsRoute(fastify);
  registerConditionRoute(fastify);
  registerEvidenceRoute(fastify, deps);
}

function registerTermsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/ApplicationStatus/offerTerms',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_offerTerms',
        summary: "Change an open offer's terms without a status move (admins)",
        description:
          'Fees, the answer-by date (absent: the default again) and, on a conditional offer, its ' +
          'conditions (a condition with the same kind and text keeps its decision and evidence). Only ' +
          'while the application is in `conditionalOffer` or `unconditionalOffer`; otherwise a 409 `offerClosed`. ' +
          '`version` is the one the admin saw: a stale one is a 409 `statusConflict` like a stale move. ' +
          'A change raises the version and writes one history entry (`offerTerms`, the same status both sides). ' +
          'New terms tell the applicant side (the student, or the owning agent and the profile): a stored ' +
          'notification `offerTermsChanged` with the answer-by date, fees and conditions, a mail, a live push; ' +
          'the same terms saved again tell nobody.',
        body: ZOfferTermsChange,
        response: { 200: documented(ZApplicationStatusDetail.shape.offer), ...problems(404, 409) },
      },
    },
    async (req) => {
      const actor = actorOf(req.user!);
      const now = app.clock.now();
      return withChanges(app, async (tx, changes) => {
        const found = await requireApplication(tx, actor, req.body.studentCourseId);
        // The version the admin saw, checked like a move's: a stale one changes nothing.
        const current = await lockSeen(tx, found.studentCourseId, req.body.version);
        const { studentCourseId: _, version: _version, ...terms } = req.body;
        const before = await offerOf(tx, found.studentCourseId);
        const saved = await changeTerms(tx, {
          ...found,
          status: current.status,
          terms,
          byUserId: actor.id,
          now,
        });
        const entry = await recordTermsChange(tx, found.studentCourseId, current.status, actor);
        const after = (await offerOf(tx, found.studentCourseId))!;
        // Issue 22, left: the applicant side is told of new terms (not of the same terms saved again).
        if (!before || !sameTerms(termsOf(before), termsOf(after)))
          await changes.record(tx, {
            kind: 'offerTermsChanged',
            ...found,
            historyId: entry.id,
            ...termsOf(after),
            byUserId: actor.id,
            at: entry.at,
          });
        if (saved.conditionsMet) await recordConditionsMet(tx, changes, found, saved.offerId, actor.id, now);
        return after;
      });
    },
  );
}

function registerConditionRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/ApplicationStatus/offerCondition',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_offerCondition',
        summary: 'Decide one condition of an offer: pending, met or not met (admins)',
        description:
          'When every condition is met the offer shows as unconditional and the applicant (the ' +
          'student or the owning agent) is told once: a stored notification `conditionsMet` and a ' +
          'mail. A missing condition is a 404; an offer whose application has moved on (declined, ' +
          'lapsed, withdrawn…) is a 409 `offerClosed`.',
        body: ZOfferConditionDecision,
        response: { 200: documented(ZOffer), ...problems(404, 409) },
      },
    },
    async (req) => {
      const actor = actorOf(req.user!);
      const now = app.clock.now();
      return withChanges(app, async (tx, changes) => {
        const found = await requireCondition(tx, actor, req.body.conditionId);
        const decided = await decideCondition(tx, {
          ...req.body,
          offerId: found.offerId,
          studentCourseId: found.studentCourseId,
          byUserId: actor.id,
          now,
        });
        if (decided.conditionsMet)
          await recordConditionsMet(tx, changes, found.app, found.offerId, actor.id, now);
        return (await offerOf(tx, found.studentCourseId))!;
      });
    },
  );
}

function registerEvidenceRoute(fastify: FastifyInstance, deps: TDocumentsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const maxBytes = app.config.uploadMaxBytes;
  app.post(
    '/ApplicationStatus/offerCondition/:id/evidence',
    {
      config: { access: ['Student', 'Agent'], upload: true },
      onRequest: async (request) => refuseOversized(request, maxBytes),
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_offerConditionEvidence',
        summary: 'Upload the evidence for a pending condition (the student or the owning agent)',
        description:
          'The same upload rules as the wizard (type by name and content, size, quota). The file ' +
          'is a new one of the application; a later upload replaces it (the earlier file is ' +
          'released). A decided condition is a 409 `conditionDecided`; a missing or foreign one a 404.',
        consumes: ['multipart/form-data'],
        params: ZConditionParams,
        response: { 200: documented(ZEvidenceAnswer), ...problems(404, 408, 409, 413) },
      },
    },
    async (req) => {
      const actor = { ...actorOf(req.user!), email: req.user!.email };
      const conditionId = req.params.id;
      // A foreign or missing condition is refused before the body is read.
      const target = await app.database.db.transaction((tx) => requireCondition(tx, actor, conditionId));
      const spooled = await spoolUpload(req, deps.spool, app.config.uploadMaxBytes, app.config.uploadStallMs);
      let stored: Awaited<ReturnType<typeof storeUpload>>;
      try {
        stored = await storeUpload(deps, actor, spooled, {
          studentId: target.app.studentId,
          attaching: true,
        });
      } finally {
        await removeSpooled(spooled);
      }
      let released: string[] = [];
      try {
        const offer = await withChanges(app, async (tx) => {
          const { replaced } = await attachEvidence(tx, {
            conditionId,
            offerId: target.offerId,
            studentCourseId: target.studentCourseId,
            fileId: stored.fileId,
            now: app.clock.now(),
          });
          if (replaced) released = await releaseFiles(tx, stored.studentId, [replaced]);
          return (await offerOf(tx, target.studentCourseId))!;
        });
        await purgeNow(deps, released);
        return { offer };
      } catch (err) {
        await discard(deps, stored.studentId, [stored.fileId]);
        throw err;
      }
    },
  );
}
