// The PDF worker thread's entry (plain JavaScript, so Node can start it without a TypeScript
// loader): it registers tsx, then loads the renderer. This works alike under `node --import tsx`
// (the API) and under vitest (whose own module runner does not reach worker threads).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

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
