// `npm run lint:openapi`: builds the API in-process (in-memory PGlite, demo sign-in), writes its
// OpenAPI document to a temporary file and lints it with Redocly (rules in /redocly.yaml).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

const root = path.resolve(import.meta.dirname, '../../..');
const database = await openDatabase({});
const config = readConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: path.join(os.tmpdir(), 'uniapply-openapi-unused'),
  HOST: '127.0.0.1',
  PORT: '3999',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-openapi-'));
const file = path.join(dir, 'openapi.json');
fs.writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();

const result = spawnSync(
  path.join(root, 'node_modules/.bin/redocly'),
  ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'codeframe'],
  { stdio: 'inherit' },
);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
