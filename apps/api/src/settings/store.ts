import { DEFAULT_SETTINGS, SETTING_KEYS, type TSettings, ZSettings } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client.js';
import { settings } from '../db/schema/index.js';

/**
 * The operational settings (packages/shared settings.ts): the stored values over the defaults.
 * A stored value the schema no longer accepts (a bound tightened since) falls back to its default,
 * so a job never runs on a value the admin screen could not save today.
 */
export async function readSettings(db: TDbOrTx): Promise<TSettings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const result: TSettings = { ...DEFAULT_SETTINGS };
  for (const { key, value } of rows) {
    if (!(SETTING_KEYS as string[]).includes(key)) continue;
    const checked = ZSettings.shape[key as keyof TSettings].safeParse(value);
    if (checked.success) result[key as keyof TSettings] = checked.data;
  }
  return result;
}

/** Stores every setting of `values` (already checked against ZSettingsUpdate); `now`: the app's clock. */
export async function writeSettings(db: TDbOrTx, values: TSettings, userId: number, now: Date) {
  const rows = SETTING_KEYS.map((key) => ({ key, value: values[key], updatedAt: now, updatedBy: userId }));
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`excluded.value`,
        updatedAt: sql`excluded.updated_at`,
        updatedBy: sql`excluded.updated_by`,
      },
    });
}
