import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDbOrTx } from '../../db/client.js';
import { applicationStages } from '../../db/schema/index.js';
import { zQueryInt } from '../../resources/hooks.js';

// The wizard's stage (DESIGN 6, "Stages"): the next step to do, 1 to 10, or 11 once submitted.

/** `?stage=` on the wizard's saves: the stage to record with the save (empty means none). */
export const ZStageQuery = z.object({
  stage: zQueryInt(0, 11),
});

/** Records the wizard's stage; it never moves backwards (re-saving an early step keeps progress). */
export async function setStage(tx: TDbOrTx, studentId: number, stage: number) {
  await tx
    .insert(applicationStages)
    .values({ studentId, step: stage })
    .onConflictDoUpdate({
      target: applicationStages.studentId,
      set: { step: sql`greatest(${applicationStages.step}, excluded.step)` },
    });
}
