import { parentPort, workerData } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TDb } from './client.js';
import { createPglite } from './pglite.js';
import * as schema from './schema/index.js';
import { seedIfEmpty, seedReferenceData } from './seed/index.js';

// The thread that makes a new embedded data directory (db/client.ts, initialiseDataDir): PGlite's
// initdb (or the load of a backup's dump), the migrations and, when asked, the first seed, in a
// directory set aside. Its WebAssembly memory (about 500 MB at initdb's peak, never shrunk while the
// instance lives) goes with the thread when it ends. Compiled, the client starts this file directly
// (dist/db/pglite-init-worker.js); from the TypeScript sources through pglite-init-worker.mjs.

export type TInitRequest = {
  /** The directory to make (PGlite's pgdata; it does not exist yet). */
  dir: string;
  migrationsFolder: string;
  /** A dump of a data directory (PGlite's gzipped tarball) to start from instead of initdb. */
  dump?: ArrayBuffer;
  seed?: 'reference' | 'demo';
};

const port = parentPort;
if (!port) throw new Error('pglite-init-worker runs only as a worker thread');
const request = workerData as TInitRequest;

const client = await createPglite(request.dir, request.dump ? new Blob([request.dump]) : undefined);
try {
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as TDb;
  await migrate(db as never, { migrationsFolder: request.migrationsFolder });
  if (request.seed === 'demo') await seedIfEmpty(db);
  else if (request.seed === 'reference') await seedReferenceData(db);
} finally {
  await client.close();
}
port.postMessage('initialised');
