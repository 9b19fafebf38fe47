import type { TOffer, TOfferCondition } from '@uniapply/shared';
import { asc, eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { files, offerConditions, offers } from '../../db/schema/index.js';

// Data access of offers (issue 22). Callers check the application's scope first (the status
// pipeline's `requireApplication`): these read by application id and trust it.

const iso = (v: string) => new Date(v).toISOString();
const isoOrNull = (v: string | null) => (v === null ? null : iso(v));

/** The offer of one application with its conditions in the admin's order; null when none was made. */
export async function offerOf(tx: TDbOrTx, studentCourseId: number): Promise<TOffer | null> {
  const [row] = await tx.select().from(offers).where(eq(offers.studentCourseId, studentCourseId));
  if (!row) return null;
  const conditions = await tx
    .select({
      id: offerConditions.id,
      kind: offerConditions.kind,
      text: offerConditions.text,
      state: offerConditions.state,
      evidenceFileId: offerConditions.evidenceFileId,
      evidenceFileName: files.displayName,
      evidenceAt: offerConditions.evidenceAt,
      decidedAt: offerConditions.decidedAt,
    })
    .from(offerConditions)
    .leftJoin(files, eq(files.id, offerConditions.evidenceFileId))
    .where(eq(offerConditions.offerId, row.id))
    .orderBy(asc(offerConditions.position), asc(offerConditions.id));
  return {
    id: row.id,
    studentCourseId: row.studentCourseId,
    type: row.type as TOffer['type'],
    intakeId: row.intakeId,
    fees: row.fees,
    answerBy: iso(row.answerBy),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    conditionsMetAt: isoOrNull(row.conditionsMetAt),
    answeredAt: isoOrNull(row.answeredAt),
    letterFileId: row.letterFileId,
    conditions: conditions.map(
      (c): TOfferCondition => ({
        ...c,
        kind: c.kind as TOfferCondition['kind'],
        state: c.state as TOfferCondition['state'],
        evidenceAt: isoOrNull(c.evidenceAt),
        decidedAt: isoOrNull(c.decidedAt),
      }),
    ),
  };
}
