import type { TDb } from '../client.js';

/** Seeds the demo catalogue and accounts once (filled in by the seed work). */
export async function seedIfEmpty(_db: TDb): Promise<void> {}
