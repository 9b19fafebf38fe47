// `npm run bench:pdf`: the application PDF through the whole API (HTTP, session, the database
// reads, the photo from storage, rendering in the worker pool), for a full application: every
// step saved with Cyrillic and Uzbek Latin text, a qualification, a language, an experience, the
// passport photo and the other documents, confirmed.
//
// Prints the median and p99 of one request at a time (goal: median at most 100 ms), then the
// event loop's p99 delay in the API process while 10 PDFs are requested at once (goal under 50 ms).
//
// Environment: BENCH_DATABASE_URL (PostgreSQL server; a fresh database is created and dropped;
// `pglite` for the embedded one), BENCH_PDF_RUNS (sequential requests, 60), BENCH_PDF_BURSTS (5).
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pdfUrl } from '../test/application-forms/helpers.js';
import { benchDatabase, ms, withPdfBench } from './pdf-setup.js';
import { percentile } from './sql-load.js';

const env = process.env;
const db = benchDatabase(env);
const runs = Number(env.BENCH_PDF_RUNS ?? 60);
const bursts = Number(env.BENCH_PDF_BURSTS ?? 5);

await withPdfBench('pdf', async ({ t, admin, studentCourseId }) => {
  const url = `${t.baseUrl}${pdfUrl(studentCourseId)}`;
  const get = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: admin.headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`PDF request failed: ${res.status}`);
    return { ms: performance.now() - started, bytes };
  };
  console.log(
    `PDF bench: ${os.cpus().length} cores, Node ${process.version}, ${db.label}, ` +
      `PDF_CONCURRENCY ${t.app.config.pdf.concurrency}`,
  );
  // Warm-up: the workers start, fonts load, the JIT settles.
  for (let i = 0; i < 10; i++) await get();

  const latencies: number[] = [];
  let bytes = 0;
  const cpuBefore = process.cpuUsage(); // every thread of this process: API, renderers, client
  for (let i = 0; i < runs; i++) {
    const r = await get();
    latencies.push(r.ms);
    bytes = r.bytes;
  }
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  console.log(
    `one at a time (${runs} requests, ${(bytes / 1024).toFixed(0)} KB each): ` +
      `median ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))} (goal: median <= 100 ms); ` +
      `CPU ${ms((cpu.user + cpu.system) / 1000 / runs)} per request (API, renderer and client threads)`,
  );

  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const burstTimes: number[] = [];
  histogram.enable();
  for (let b = 0; b < bursts; b++) {
    const started = performance.now();
    await Promise.all(Array.from({ length: 10 }, get));
    burstTimes.push(performance.now() - started);
  }
  histogram.disable();
  console.log(
    `10 at once (${bursts} bursts, ${ms(burstTimes.reduce((a, b) => a + b, 0) / bursts)} per burst): ` +
      `event loop delay p99 ${ms(histogram.percentile(99) / 1e6)}, max ${ms(histogram.max / 1e6)} (goal: p99 < 50 ms)`,
  );
});
