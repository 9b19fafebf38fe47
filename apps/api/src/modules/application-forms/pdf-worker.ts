import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderOfferLetter, type TLetterPdfInput } from '../offer-letters/letter-render.js';
import { fontsReady, renderApplicationPdf } from './pdf-render.js';

// The PDF worker thread's body: the application form, or an offer letter (issue 22) when the input
// says `kind: 'offerLetter'`; both with the fonts registered here (pdf-render.ts). Compiled, the pool starts it directly (dist/…/pdf-worker.js); from
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
    await fontsReady();
    const pdf =
      (input as { kind?: string }).kind === 'offerLetter'
        ? await renderOfferLetter(input as TLetterPdfInput)
        : await renderApplicationPdf(input);
    port.postMessage({ id, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
