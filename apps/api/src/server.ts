// First: stop with a clear message on a Node too old for the portal (before any dependency loads).
import './node-version.js';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { fileClock } from './clock.js';
import { ConfigError, readConfig } from './config.js';
import { DataDirError, openDatabase } from './db/client.js';
import { seedIfEmpty, seedReferenceData } from './db/seed/index.js';

async function main() {
  const config = readConfig();
  // Takes the data directory's lock first: a second process stops here, before touching the files.
  // A new embedded data directory is seeded while it is made, in a thread whose memory then goes
  // (db/client.ts); the seeds below are then no-ops, and do the work on an existing directory.
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    seed: config.seedDemo ? 'demo' : 'reference',
    timeouts: config.databaseTimeouts,
  });
  let app: FastifyInstance | undefined;
  // From here on, Ctrl+C, SIGTERM or a crash closes the server and the database (releasing the lock).
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) (app?.log ?? console).error({ err }, 'shutting down after an error');
    else if (signal) app?.log.info(`${signal} received, shutting down`);
    if (app && signal) {
      // Stop accepting, let the requests in flight finish, then close (sockets last).
      const { waitedMs, inFlight } = await app.drain();
      app.log.info({ waitedMs, inFlight }, 'drained');
    }
    await app?.close();
    await database.close();
  });
  try {
    await seedReferenceData(database.db);
    if (config.seedDemo) await seedIfEmpty(database.db);
    const clock = config.testClockFile ? fileClock(config.testClockFile) : undefined;
    app = await buildApp({ config, database, ...(clock ? { clock } : {}) });
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
  const where = database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`Portal ready on ${config.publicUrl} (database: ${where})`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirError) {
    console.error(err.message);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`${(err as Error).message}: another program uses this port; set PORT to a free one.`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
