import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite sized for a small server (README "Memory"): PostgreSQL's default 128 MB of shared buffers
 * live in the WebAssembly memory, which never shrinks, and are all touched at start; 16 MB hold the
 * portal's hot catalogue while the files stay in the operating system's page cache. V8 compiles
 * PGlite's 9 MB module with its baseline compiler only (Liftoff): the optimising tier's compile
 * memory (about 45 MB, kept by the allocator) and its CPU at start cost more than its faster code
 * gains here. The flags are set around this one compile and instantiation and then restored: other
 * WebAssembly (react-pdf's layout in the PDF workers) still tiers up.
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
  v8.setFlagsFromString(`--liftoff-only --wasm-tiering-budget=${NO_TIER_UP}`);
  try {
    return await PGlite.create(dataDir, options);
  } finally {
    v8.setFlagsFromString(`--no-liftoff-only --wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  }
}
const PGLITE_SHARED_BUFFERS = '16MB';
/**
 * Node 24's V8 reads `--liftoff-only` set at run time for the compile but still tiers hot functions
 * up to TurboFan a second after: PostgreSQL's large functions took the process from 180 to 680 MB
 * for a moment, and allocator arenas kept part of it. The tiering budget, though, is taken when an
 * instance is made: a budget never spent keeps PGlite on Liftoff on both versions. Afterwards the
 * budget is V8's default again (1,800,000 on Node 20's V8 11, 13,000,000 on Node 24's V8 13).
 */
const NO_TIER_UP = 2_000_000_000;
const WASM_TIERING_BUDGET = Number(process.versions.v8.split('.')[0]) >= 13 ? 13_000_000 : 1_800_000;
