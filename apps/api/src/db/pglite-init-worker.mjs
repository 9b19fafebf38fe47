// The data-directory worker's entry when the API runs from its TypeScript sources (plain JavaScript,
// so Node can start it without a TypeScript loader): it registers tsx, then loads the worker's body,
// as modules/application-forms/pdf-worker.mjs does. The compiled API starts pglite-init-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-init-worker.ts');
