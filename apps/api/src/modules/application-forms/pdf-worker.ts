import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderApplicationPdf } from './pdf-render.js';

// The PDF worker thread's body. Compiled, the pool starts it directly (dist/…/pdf-worker.js); from
// the TypeScript sources (`node --import tsx`, vitest) through pdf-worker.mjs, which registers tsx.

// A lower priority for this thread only (on Linux, setpriority of "process 0" is the calling
// thread): when the cores are busy, the API's main thread is scheduled before a render.
try {
  os.setPriority(5);
} catch {
  // Not permitted or not supported: renders at the normal priority.
}

const port = parentPort;
if (!port) throw new Error('pdf-worker runs only as a worker thread');

port.on('message', async ({ id, input }) => {
  try {
    const pdf = await renderApplicationPdf(input);
    port.postMessage({ id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
