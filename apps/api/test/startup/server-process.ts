import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
};

/**
/**
 * How the tests start the API as a process of its own, run in apps/api: from the TypeScript sources
 * (tsx, as `npm run dev` does), or `compiled`, the production build (`node dist/server.js`, no tsx).
 */
export const SERVER_COMMAND = {
  sources: [process.execPath, '--import', 'tsx', 'src/server.ts'],
  compiled: [process.execPath, 'dist/server.js'],
} as const;

/** Starts the real server (SERVER_COMMAND) as its own process. */
export function startServer(env: Record<string, string>, { compiled = false } = {}): ServerProcess {
  const { DATABASE_URL: _d, INIT_CWD: _i, ...inherited } = process.env;
  const [command, ...args] = compiled ? SERVER_COMMAND.compiled : SERVER_COMMAND.sources;
  const child = spawn(command, args, {
    cwd: apiDir,
    env: { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => out, exited };
}

/** Waits for the "Portal ready" line and returns the port the server listens on. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  server.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    const port = server.output().match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)?.[1];
    if (port && server.output().includes('Portal ready')) return Number(port);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}
