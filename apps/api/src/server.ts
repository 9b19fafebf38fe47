import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, readConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed/index.js';

async function main() {
  const config = readConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  if (config.seedDemo) await seedIfEmpty(database.db);
  const app = await buildApp({ config, database });
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
    await database.close();
  });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Portal ready on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
