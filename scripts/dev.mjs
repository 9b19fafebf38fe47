// `npm run dev`: the API (restarting on change) and the Vite dev server, which proxies /api and the
// notification hub's WebSocket to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.PORT ?? '3000';
const webOrigin = 'http://localhost:5173';

const env = {
  ...process.env,
  PORT: apiPort,
  // Sign-in returns to the address people use, which in development is Vite's (it proxies /api),
  // so the session cookie lands on the origin the SPA runs on.
  PUBLIC_URL: process.env.PUBLIC_URL ?? webOrigin,
  ALLOWED_ORIGINS: [process.env.ALLOWED_ORIGINS, webOrigin].filter(Boolean).join(','),
  API_URL: `http://localhost:${apiPort}`,
};

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    env,
    stdio: 'inherit',
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
