import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite sized for a small server (README "Memory"): PostgreSQL's default 128 MB of shared buffers
 * live in the WebAssembly memory, which never shrinks, and are all touched at start; 16 MB hold the
 * portal's hot catalogue while the files stay in the operating system's page cache. V8 compiles
 * PGlite's 9 MB module with its baseline compiler only (Liftoff): the optimising tier's compile
 * memory (about 45 MB, kept by the allocator) and its CPU at start cost more than its faster code
 * gains here. The flag is read when a module is compiled, so it is set around this one compile and
 * then restored: other WebAssembly (react-pdf's layout in the PDF workers) still tiers up.
 *
 * Used by the db client (db/client.ts) and by the thread that makes a new data directory
 * (db/pglite-init-worker.ts); kept apart from the client so that thread loads PGlite only.
 */
export async function createPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  // Loaded only for the embedded database (not on PostgreSQL).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const options = {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
  v8.setFlagsFromString('--liftoff-only');
  try {
    return await PGlite.create(dataDir, options);
  } finally {
    v8.setFlagsFromString('--no-liftoff-only');
  }
}
const PGLITE_SHARED_BUFFERS = '16MB';
