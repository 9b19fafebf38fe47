import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDbOrTx } from '../../db/client.js';
import { applicationStages, studentInfos } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { zQueryInt } from '../../resources/hooks.js';
import { ownsStudent, type TActor } from '../../resources/scope.js';

// The wizard's stage (DESIGN 6, "Stages"): the next step to do, 1 to 10, or 11 once submitted.

/**
 * `?stage=` on the wizard's saves: the stage to record with the save (empty means none), at most
 * 10: only `POST /Stage/confirm` submits (11).
 */
export const ZStageQuery = z.object({
  stage: zQueryInt(0, 10),
});

/**
 * Records the wizard's stage; it never moves backwards (re-saving an early step keeps progress).
 * `savedAt` marks the save: the idle reminder (issue 21) counts from the last one.
 */
export async function setStage(tx: TDbOrTx, studentId: number, stage: number) {
  await tx
    .insert(applicationStages)
    .values({ studentId, step: stage })
    .onConflictDoUpdate({
      target: applicationStages.studentId,
      set: { step: sql`greatest(${applicationStages.step}, excluded.step)`, savedAt: sql`now()` },
    });
}

/**
 * Marks a save of `stage` (`savedAt`) on the stored stage record and answers the stored stage, in
 * one statement (no read of the stage first; docs/performance.md, "Session 9" and "Lane save21");
 * undefined without a record. A save naming no stage (0 or less) marks only a stage past 0, as a
 * save naming a stage always ends marked (recordSavedStage).
 */
export async function markSave(tx: TDbOrTx, studentId: number, stage: number): Promise<number | undefined> {
  const [marked] = await tx
    .update(applicationStages)
    .set({ savedAt: sql`now()` })
    .where(
      and(eq(applicationStages.studentId, studentId), stage > 0 ? undefined : gt(applicationStages.step, 0)),
    )
    .returning({ step: applicationStages.step });
  return marked?.step;
}

/** The stored stage, 0 without a record. */
export async function stageOf(tx: TDbOrTx, studentId: number): Promise<number> {
  const [row] = await tx
    .select({ step: applicationStages.step })
    .from(applicationStages)
    .where(eq(applicationStages.studentId, studentId));
  return row?.step ?? 0;
}

/** Another owner's student behaves exactly like a missing one (DESIGN 5). */
export const studentNotFound = () => notFound('Student not found.');

export async function requireStudent(tx: TDbOrTx, actor: TActor, studentId: number) {
  if (!(await ownsStudent(tx, actor, studentId))) throw studentNotFound();
}

/** A signed-in student's own profile id, if they have one. */
export async function ownProfileId(tx: TDbOrTx, actor: TActor): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: studentInfos.id })
    .from(studentInfos)
    .where(and(eq(studentInfos.userId, actor.id)))
    .orderBy(studentInfos.id)
    .limit(1);
  return row?.id;
}
