// The PDF worker's entry when the API runs from its TypeScript sources (plain JavaScript, so Node
// can start it without a TypeScript loader): it registers tsx, then loads the worker's body. This
// works alike under `node --import tsx` (the API) and under vitest (whose own module runner does not
// reach worker threads). The compiled API (dist) starts pdf-worker.js directly instead.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
