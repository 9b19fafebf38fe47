import { and, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

/** Marks exactly these notifications as notified; returns the ids that were still unread. */
export async function markNotified(db: TDbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ isNotified: true })
    .where(and(inArray(notifications.id, ids), eq(notifications.isNotified, false)))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
