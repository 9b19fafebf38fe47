import type { TContactMessage, TContactMessageInput } from '@uniapply/shared';
import { desc } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

export async function insertContactMessage(db: TDbOrTx, input: TContactMessageInput): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, message: input.message })
    .returning({ id: contactMessages.id });
  return row!.id;
}

export async function findLatestContactMessages(db: TDbOrTx, limit: number): Promise<TContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
