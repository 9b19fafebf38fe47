// Starts the e2e servers together and prints one line when every one of them answers `/api/ready`
// (playwright.config.ts waits for that line). Playwright's own `webServer` entries start one after
// another: four starts in a row (docs/performance.md, "Session 9 levers").
// E2E_SERVERS (from the config): [{ port, remove: [paths], env: {…} }].
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

export const READY_LINE = 'e2e servers ready';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (servers.length === 0) throw new Error('E2E_SERVERS names no server');

const readyUrl = (port) => `http://127.0.0.1:${port}/api/ready`;
const answers = async (port) => {
  try {
    return (await fetch(readyUrl(port))).ok;
  } catch {
    return false;
  }
};

// As Playwright's own check: a port already serving is another run's server, not ours.
for (const { port } of servers) {
  if (await answers(port)) {
    console.error(`${readyUrl(port)} is already used: stop the server on port ${port} first.`);
    process.exit(1);
  }
}

const children = servers.map(({ port, remove, env }) => {
  for (const path of remove) rmSync(path, { recursive: true, force: true });
  const child = spawn('node', ['apps/api/dist/server.js'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    console.error(`The e2e server on port ${port} stopped (${signal ?? `exit code ${code}`}).`);
    for (const other of children) other.kill('SIGKILL');
    process.exit(1);
  });
  return child;
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(0);
  });

const started = Date.now();
await Promise.all(
  servers.map(async ({ port }) => {
    while (!(await answers(port))) await new Promise((resolve) => setTimeout(resolve, 200));
  }),
);
console.log(`${READY_LINE} (${servers.length} in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
