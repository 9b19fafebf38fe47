import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.js';
import { testDbKind } from '../db.js';
import { startServer } from '../startup/server-process.js';

// Google Drive settings are checked at start-up: a clear error naming the variable, never the key.

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const account = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'service_account',
    client_email: 'portal@project.iam.gserviceaccount.com',
    private_key: privateKey,
    private_key_id: 'k1',
    token_uri: 'https://oauth2.googleapis.com/token',
    ...extra,
  });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-gdrive-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The start-up error for these settings (it must name `variable` and never show the key). */
function errorOf(env: Record<string, string>) {
  try {
    readConfig({ NODE_ENV: 'test', ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message).not.toContain('PRIVATE KEY');
    expect(message).not.toContain(privateKey.slice(40, 80));
    return message;
  }
  throw new Error('the configuration was accepted');
}

describe('Google Drive configuration', () => {
  it('reads a key file or inline JSON with the root folder', () => {
    const file = path.join(dir, 'key.json');
    fs.writeFileSync(file, account());
    const fromFile = readConfig({
      NODE_ENV: 'test',
      STORAGE: 'gdrive',
      GDRIVE_CREDENTIALS_FILE: file,
      GDRIVE_ROOT_FOLDER_ID: '0AbcD-ef_123',
    });
    expect(fromFile.storage).toBe('gdrive');
    expect(fromFile.gdrive).toMatchObject({
      clientEmail: 'portal@project.iam.gserviceaccount.com',
      tokenUri: 'https://oauth2.googleapis.com/token',
      rootFolderId: '0AbcD-ef_123',
      apiUrl: undefined,
      timeoutMs: 20_000,
    });
    const inline = readConfig({
      NODE_ENV: 'test',
      STORAGE: 'gdrive',
      GDRIVE_CREDENTIALS_JSON: account({ token_uri: undefined }),
      GDRIVE_ROOT_FOLDER_ID: 'root1',
    });
    expect(inline.gdrive?.tokenUri).toBe('https://oauth2.googleapis.com/token'); // Google's, by default
  });

  it('has no Drive without settings, and STORAGE=local keeps working', () => {
    expect(readConfig({ NODE_ENV: 'test' }).gdrive).toBeNull();
  });

  it('stops start-up naming what is missing or wrong', () => {
    expect(errorOf({ STORAGE: 'gdrive', GDRIVE_ROOT_FOLDER_ID: 'root1' })).toMatch(
      /GDRIVE_CREDENTIALS_JSON: Google Drive needs a service account key/,
    );
    expect(errorOf({ STORAGE: 'gdrive', GDRIVE_CREDENTIALS_JSON: account() })).toMatch(
      /GDRIVE_ROOT_FOLDER_ID: Google Drive needs the id of the root folder/,
    );
    expect(
      errorOf({
        STORAGE: 'gdrive',
        GDRIVE_CREDENTIALS_FILE: path.join(dir, 'nope.json'),
        GDRIVE_ROOT_FOLDER_ID: 'r',
      }),
    ).toMatch(/GDRIVE_CREDENTIALS_FILE: cannot read .*nope\.json \(ENOENT\)/);
    expect(
      errorOf({ STORAGE: 'gdrive', GDRIVE_CREDENTIALS_JSON: '{not json', GDRIVE_ROOT_FOLDER_ID: 'r' }),
    ).toMatch(/GDRIVE_CREDENTIALS_JSON: is not JSON/);
    expect(
      errorOf({
        STORAGE: 'gdrive',
        GDRIVE_CREDENTIALS_JSON: account({ type: 'authorized_user', client_email: undefined }),
        GDRIVE_ROOT_FOLDER_ID: 'r',
      }),
    ).toMatch(/GDRIVE_CREDENTIALS_JSON: is not a service account key \(check: type, client_email\)/);
    expect(
      errorOf({
        STORAGE: 'gdrive',
        GDRIVE_CREDENTIALS_JSON: account({ private_key: `${privateKey.slice(0, 200)}broken` }),
        GDRIVE_ROOT_FOLDER_ID: 'r',
      }),
    ).toMatch(/GDRIVE_CREDENTIALS_JSON: private_key is not a PEM private key/);
    expect(
      errorOf({
        GDRIVE_CREDENTIALS_JSON: account(),
        GDRIVE_CREDENTIALS_FILE: 'x',
        GDRIVE_ROOT_FOLDER_ID: 'r',
      }),
    ).toMatch(/not both/);
    expect(
      errorOf({ STORAGE: 'gdrive', GDRIVE_CREDENTIALS_JSON: account(), GDRIVE_ROOT_FOLDER_ID: "a' or 'b" }),
    ).toMatch(/GDRIVE_ROOT_FOLDER_ID: a Drive folder id/);
    expect(errorOf({ GDRIVE_TIMEOUT_MS: '0' })).toMatch(/GDRIVE_TIMEOUT_MS/);
  });

  // The real server process, once (in the PGlite project): it exits before opening anything.
  it.skipIf(testDbKind() !== 'pglite')(
    'makes the real server refuse to start',
    { timeout: 60_000 },
    async () => {
      const server = startServer({
        DATA_DIR: dir,
        STORAGE: 'gdrive',
        GDRIVE_CREDENTIALS_JSON: account({ client_email: undefined }),
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('GDRIVE_CREDENTIALS_JSON: is not a service account key');
      expect(server.output()).not.toContain('PRIVATE KEY');
      expect(server.output()).not.toContain('Portal ready');
    },
  );
});
