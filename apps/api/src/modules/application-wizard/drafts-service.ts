import type { TDb } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import type { TActor } from '../../resources/scope.js';
import {
  deleteDraft,
  deleteNewProfileDraft,
  findDrafts,
  findNewProfileDraft,
  saveDraft,
  saveNewProfileDraft,
} from './drafts-repository.js';
import { requireStudent } from './stage.js';

// The work behind the draft routes (drafts.ts). `studentId` 0 is a profile the signed-in user is
// creating: its drafts are the user's, by the form's `draftKey`; any other student is checked to be
// the actor's (another owner's answers like a missing one).

/** The only step of a profile that does not exist yet. */
export const NEW_PROFILE_STEP = 1;
const newProfileStepOnly = (step: number) => {
  if (step !== NEW_PROFILE_STEP)
    throw badRequest('A new profile has a draft of its personal step only.', [
      { path: 'step', message: 'A new profile has a draft of its personal step only.' },
    ]);
};

export type TDraftTarget = { studentId: number; step: number; draftKey?: string };

export async function readDrafts(db: TDb, actor: TActor, studentId: number, draftKey?: string) {
  if (studentId === 0) {
    const draft = await findNewProfileDraft(db, actor.id, draftKey);
    return { drafts: draft ? { [NEW_PROFILE_STEP]: draft } : {} };
  }
  return db.transaction(async (tx) => {
    await requireStudent(tx, actor, studentId);
    return { drafts: await findDrafts(tx, studentId) };
  });
}

export async function storeDraft(
  db: TDb,
  actor: TActor,
  { studentId, step, draftKey }: TDraftTarget,
  data: Record<string, unknown>,
) {
  const savedAt = new Date().toISOString();
  if (studentId === 0) {
    newProfileStepOnly(step);
    await saveNewProfileDraft(db, actor.id, draftKey, data, savedAt);
    return;
  }
  await db.transaction(async (tx) => {
    await requireStudent(tx, actor, studentId);
    await saveDraft(tx, studentId, step, data, savedAt);
  });
}

export async function removeDraft(db: TDb, actor: TActor, { studentId, step, draftKey }: TDraftTarget) {
  if (studentId === 0) {
    newProfileStepOnly(step);
    await deleteNewProfileDraft(db, actor.id, draftKey);
    return;
  }
  await db.transaction(async (tx) => {
    await requireStudent(tx, actor, studentId);
    await deleteDraft(tx, studentId, step);
  });
}
