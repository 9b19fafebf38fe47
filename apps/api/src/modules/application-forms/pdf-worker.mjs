// The PDF worker thread's entry (plain JavaScript, so Node can start it without a TypeScript
// loader): it registers tsx, then loads the renderer. This works alike under `node --import tsx`
// (the API) and under vitest (whose own module runner does not reach worker threads).
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// A lower priority for this thread only (on Linux, setpriority of "process 0" is the calling
// thread): when the cores are busy, the API's main thread is scheduled before a render.
try {
  os.setPriority(5);
} catch {
  // Not permitted or not supported: renders at the normal priority.
}

register();
const rendering = import('./pdf-render.ts');

parentPort.on('message', async ({ id, input }) => {
  try {
    const { renderApplicationPdf } = await rendering;
    const pdf = await renderApplicationPdf(input);
    parentPort.postMessage({ id, pdf }, [pdf.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
