import { NEW_PROFILE_DRAFTS_KEPT } from '@uniapply/shared';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { TDb, TDbOrTx } from '../../db/client.js';
import { applicationDrafts, newProfileDrafts } from '../../db/schema/index.js';

// The drafts' SQL (DESIGN 6 "Drafts"; issue 19 item 8): a student's drafts by step
// (application_drafts), and the new-profile drafts of a user by the form's `draftKey`
// (new_profile_drafts, '' for the unnamed one). The routes (drafts.ts) check access and call these.

export type TDraft = { data: Record<string, unknown>; savedAt: string };

/** The new-profile draft of this user and form ('' or none is the unnamed one). */
const newProfileDraft = (userId: number, draftKey: string | undefined) =>
  and(eq(newProfileDrafts.userId, userId), eq(newProfileDrafts.draftKey, draftKey ?? ''));

/** The user's new-profile draft of one form, if any. */
export async function findNewProfileDraft(
  db: TDbOrTx,
  userId: number,
  draftKey: string | undefined,
): Promise<TDraft | undefined> {
  const [row] = await db.select().from(newProfileDrafts).where(newProfileDraft(userId, draftKey));
  return row ? { data: row.data, savedAt: row.savedAt } : undefined;
}

/**
 * Stores the form's new-profile draft and keeps only the user's NEW_PROFILE_DRAFTS_KEPT most
 * recently saved ones (a tab closed before its form was saved leaves a draft no client names any
 * more), in one transaction.
 */
export async function saveNewProfileDraft(
  db: TDb,
  userId: number,
  draftKey: string | undefined,
  data: Record<string, unknown>,
  savedAt: string,
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(newProfileDrafts)
      .values({ userId, draftKey: draftKey ?? '', data, savedAt })
      .onConflictDoUpdate({
        target: [newProfileDrafts.userId, newProfileDrafts.draftKey],
        set: { data, savedAt },
      });
    const kept = tx
      .select({ key: newProfileDrafts.draftKey })
      .from(newProfileDrafts)
      .where(eq(newProfileDrafts.userId, userId))
      .orderBy(desc(newProfileDrafts.savedAt), desc(newProfileDrafts.draftKey))
      .limit(NEW_PROFILE_DRAFTS_KEPT);
    await tx
      .delete(newProfileDrafts)
      .where(and(eq(newProfileDrafts.userId, userId), notInArray(newProfileDrafts.draftKey, kept)));
  });
}

/** Deletes the user's new-profile draft of one form ('' or none: the unnamed one). */
export async function deleteNewProfileDraft(db: TDbOrTx, userId: number, draftKey: string | undefined) {
  await db.delete(newProfileDrafts).where(newProfileDraft(userId, draftKey));
}

/** The student's drafts, keyed by step. */
export async function findDrafts(db: TDbOrTx, studentId: number): Promise<Record<string, TDraft>> {
  const rows = await db
    .select()
    .from(applicationDrafts)
    .where(eq(applicationDrafts.studentId, studentId))
    .orderBy(applicationDrafts.step);
  const drafts: Record<string, TDraft> = {};
  for (const r of rows) drafts[String(r.step)] = { data: r.data, savedAt: r.savedAt };
  return drafts;
}

/** Stores (or replaces) the draft of one step of the student's application. */
export async function saveDraft(
  db: TDbOrTx,
  studentId: number,
  step: number,
  data: Record<string, unknown>,
  savedAt: string,
) {
  await db
    .insert(applicationDrafts)
    .values({ studentId, step, data, savedAt })
    .onConflictDoUpdate({
      target: [applicationDrafts.studentId, applicationDrafts.step],
      set: { data, savedAt },
    });
}

/** Deletes the draft of one step (a save of the step, or the applicant's discard). */
export async function deleteDraft(db: TDbOrTx, studentId: number, step: number) {
  await db
    .delete(applicationDrafts)
    .where(and(eq(applicationDrafts.studentId, studentId), eq(applicationDrafts.step, step)));
}
