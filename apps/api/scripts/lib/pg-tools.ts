import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OpsError } from './ops.js';

// PostgreSQL's own client programs (pg_dump, pg_restore): from PG_BIN_DIR when set, else the newest
// Debian install (/usr/lib/postgresql/<version>/bin: it must be at least the server's version),
// else the PATH.

export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN_DIR) return path.join(process.env.PG_BIN_DIR, name);
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => fs.existsSync(path.join(debian, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(debian, versions[0], 'bin', name) : name;
}

/**
 * Runs a PostgreSQL program on the database at `url`. The password goes in PGPASSWORD, not on the
 * command line (where `ps` shows it); stderr is kept for the error message.
 */
export function runPgTool(name: 'pg_dump' | 'pg_restore', url: string, args: string[]): Promise<void> {
  const bin = pgTool(name);
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['--dbname', u.toString(), ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err) =>
      reject(new OpsError(`${bin}: ${err.message} (set PG_BIN_DIR to PostgreSQL's bin folder)`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new OpsError(`${name} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`)),
    );
  });
}
