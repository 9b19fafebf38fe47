// Preloaded into the wizard bench's API process (NODE_OPTIONS=--import): counts the SQL statements
// sent through pg, reports them and the process's CPU time over IPC, and runs the V8 profiler on ask.

import fs from 'node:fs';
import inspector from 'node:inspector';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const pg = require('pg');
const counts = new Map();
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (q, ...rest) {
  const text = typeof q === 'string' ? q : (q?.text ?? q?.name ?? '?');
  const key = String(text).replace(/\s+/g, ' ').trim().slice(0, 160);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return orig.call(this, q, ...rest);
};
let session;
process.on('message', (m) => {
  if (!m || typeof m !== 'object' || !m.probe) return;
  if (m.probe === 'reset') {
    counts.clear();
    process.send({ probeReply: 'reset', cpu: process.cpuUsage() });
  } else if (m.probe === 'stats') {
    process.send({ probeReply: 'stats', cpu: process.cpuUsage(), counts: [...counts.entries()] });
  } else if (m.probe === 'prof-start') {
    session = new inspector.Session();
    session.connect();
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () =>
        session.post('Profiler.start', () => process.send({ probeReply: 'prof-start' })),
      ),
    );
  } else if (m.probe === 'prof-stop') {
    session.post('Profiler.stop', (_err, { profile }) => {
      fs.writeFileSync(m.file, JSON.stringify(profile));
      session.disconnect();
      process.send({ probeReply: 'prof-stop' });
    });
  }
});
