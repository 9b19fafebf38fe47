// A second API process's job runner, for jobs.test.ts: opens the test PostgreSQL database at argv[2],
// defines the test job kinds, tells the parent it is ready, waits for 'go' (so that both processes
// claim at the same moment), runs what is due at the time argv[3] and reports the counts.
import { openDatabase } from '../../src/db/client.js';
import { JobRunner } from '../../src/jobs/index.js';
import { TestClock } from '../clock.js';
import { defineTestKinds } from './kinds.js';

const [url, nowIso] = process.argv.slice(2);
const database = await openDatabase({ url: url!, poolSize: 2 });
const silent = { warn: () => {}, error: () => {}, info: () => {} };
const runner = new JobRunner(database.db, new TestClock(nowIso!), silent, 0);
defineTestKinds(runner, database.db, `pid ${process.pid}`);
process.send!('ready');
process.once('message', async () => {
  try {
    const totals = await runner.runDue();
    process.send!({ totals });
  } finally {
    await database.close();
    process.disconnect();
  }
});
