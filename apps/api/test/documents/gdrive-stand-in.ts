import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local stand-in for the few Google endpoints the Drive driver calls (Google cannot be reached
// from the test machine): the OAuth 2.0 token endpoint a service account signs in at (JWT bearer
// grant, the assertion checked with the test key pair's public key), and Drive v3's files.list
// (with the `q` clauses the driver sends), files.create (metadata, and multipart media upload as
// googleapis sends it), files.get (metadata and alt=media) and files.delete. Like Drive for a
// shared drive it refuses calls without supportsAllDrives (lists also need
// includeItemsFromAllDrives), and it can answer with rate limits, errors, or not at all.

export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';
const FOLDER = 'application/vnd.google-apps.folder';

export type TStoredFile = {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  createdTime: string;
  driveId: string;
  data?: Buffer;
};
export type TCall = { method: string; path: string; query: URLSearchParams };
type TFault = { status: number; reason?: string; when: (c: TCall) => boolean };

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
};
const driveError = (res: http.ServerResponse, status: number, reason: string, message = reason) =>
  json(res, status, {
    error: { code: status, message, errors: [{ domain: 'global', reason, message }] },
  });

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The parts of a multipart/related body: headers (lower-case) and bytes. */
function parseRelated(body: Buffer, boundary: string) {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: Record<string, string>; data: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) throw new Error('unterminated multipart body');
    const part = body.subarray(start, next);
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    let data = part.subarray(headEnd + 4);
    if (data.subarray(-2).toString() === '\r\n') data = data.subarray(0, -2);
    const headers: Record<string, string> = {};
    for (const line of head.split('\r\n').filter(Boolean)) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    parts.push({ headers, data });
    at = next;
  }
  return parts;
}

export class DriveStandIn {
  readonly clientEmail = 'uniapply-test@uniapply-test.iam.gserviceaccount.com';
  readonly driveId = `0A${randomBytes(8).toString('hex')}`;
  readonly rootFolderId = `root${randomBytes(8).toString('hex')}`;
  readonly files = new Map<string, TStoredFile>();
  readonly calls: TCall[] = [];
  readonly tokens = new Set<string>();
  /** Calls answered with an error before being served, in order. */
  private faults: TFault[] = [];
  /** Every request is accepted and never answered. */
  hang = false;
  /** Milliseconds to wait before answering each Drive call (to make calls overlap). */
  latencyMs = 0;
  /** Downloads send this many bytes, then stall without ending (null: send everything). */
  stallMediaAfter: number | null = null;
  /** The root folder sits in the shared drive (false: a My Drive folder). */
  rootInSharedDrive = true;
  tokenRequests = 0;
  readonly keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  private server = http.createServer((req, res) => {
    this.handle(req, res).catch((err) => driveError(res, 500, 'backendError', String(err)));
  });
  private sockets = new Set<Socket>();
  private seq = 0;
  url = '';

  async start() {
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.files.set(this.rootFolderId, {
      id: this.rootFolderId,
      name: 'UniApply files',
      mimeType: FOLDER,
      parents: [this.driveId],
      createdTime: new Date(0).toISOString(),
      driveId: this.driveId,
    });
    return this;
  }

  async close() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get tokenUri() {
    return `${this.url}/token`;
  }

  /** The service account's JSON key, as Google gives it (with the stand-in's token_uri). */
  credentials(overrides: Record<string, unknown> = {}) {
    return JSON.stringify({
      type: 'service_account',
      project_id: 'uniapply-test',
      private_key_id: 'test-key-1',
      private_key: this.keys.privateKey,
      client_email: this.clientEmail,
      client_id: '1234567890',
      token_uri: this.tokenUri,
      ...overrides,
    });
  }

  /** The environment that points the portal at this stand-in. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      GDRIVE_CREDENTIALS_JSON: this.credentials(),
      GDRIVE_ROOT_FOLDER_ID: this.rootFolderId,
      GDRIVE_API_URL: this.url,
      GDRIVE_TIMEOUT_MS: '2000',
      GDRIVE_RETRY_BASE_MS: '20',
      ...extra,
    };
  }

  /** The next `count` Drive calls matching `when` fail with `status` (and Google's `reason`). */
  failNext(count: number, status: number, reason?: string, when: (c: TCall) => boolean = () => true) {
    for (let i = 0; i < count; i++) this.faults.push({ status, ...(reason ? { reason } : {}), when });
  }

  /** Every access token stops working (as when Google revokes them). */
  revokeTokens() {
    this.tokens.clear();
  }

  /** Stored files (not folders) under `folderId`. */
  childrenOf(folderId: string) {
    return [...this.files.values()].filter((f) => f.parents.includes(folderId));
  }
  folders() {
    return [...this.files.values()].filter((f) => f.mimeType === FOLDER && f.id !== this.rootFolderId);
  }
  driveCalls() {
    return this.calls.filter((c) => c.path !== '/token');
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const call: TCall = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams };
    this.calls.push(call);
    if (this.hang) return; // accepted, never answered
    if (url.pathname === '/token' && req.method === 'POST') return this.token(req, res);

    const auth = req.headers.authorization ?? '';
    if (!this.tokens.has(auth.replace(/^Bearer /, '')))
      return driveError(res, 401, 'authError', 'Invalid Credentials');
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    const faultAt = this.faults.findIndex((f) => f.when(call));
    if (faultAt >= 0) {
      const [fault] = this.faults.splice(faultAt, 1);
      await readBody(req);
      return driveError(res, fault!.status, fault!.reason ?? 'backendError');
    }
    // Shared-drive items are invisible to a client that does not say it supports them.
    if (url.searchParams.get('supportsAllDrives') !== 'true')
      return driveError(res, 404, 'notFound', 'File not found (supportsAllDrives is missing).');

    const idMatch = url.pathname.match(/^\/drive\/v3\/files\/([^/]+)$/);
    if (url.pathname === '/drive/v3/files' && req.method === 'GET') return this.list(url, res);
    if (url.pathname === '/drive/v3/files' && req.method === 'POST') {
      const meta = JSON.parse((await readBody(req)).toString('utf8') || '{}');
      return json(res, 200, this.create(meta));
    }
    if (url.pathname === '/upload/drive/v3/files' && req.method === 'POST') return this.upload(req, url, res);
    if (idMatch && req.method === 'GET') {
      const file = this.files.get(decodeURIComponent(idMatch[1]!));
      if (!file) return driveError(res, 404, 'notFound', 'File not found.');
      if (url.searchParams.get('alt') === 'media') {
        if (!file.data) return driveError(res, 403, 'fileNotDownloadable');
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': file.data.length,
        });
        if (this.stallMediaAfter !== null) return res.write(file.data.subarray(0, this.stallMediaAfter));
        return res.end(file.data);
      }
      const { data: _data, ...meta } = file;
      return json(res, 200, {
        ...meta,
        ...(file.id === this.rootFolderId && !this.rootInSharedDrive ? { driveId: undefined } : {}),
        ...(file.data ? { size: String(file.data.length) } : {}),
      });
    }
    if (idMatch && req.method === 'DELETE') {
      const id = decodeURIComponent(idMatch[1]!);
      if (!this.files.delete(id)) return driveError(res, 404, 'notFound', 'File not found.');
      res.writeHead(204);
      return res.end();
    }
    return driveError(res, 400, 'badRequest', `the stand-in does not serve ${req.method} ${url.pathname}`);
  }

  private async token(req: http.IncomingMessage, res: http.ServerResponse) {
    this.tokenRequests++;
    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    const refuse = (why: string) => json(res, 400, { error: 'invalid_grant', error_description: why });
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return refuse('wrong grant_type');
    const [head, payload, signature] = (form.get('assertion') ?? '').split('.');
    if (!head || !payload || !signature) return refuse('malformed assertion');
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    if (header.alg !== 'RS256') return refuse('alg must be RS256');
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${head}.${payload}`),
      this.keys.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return refuse('Invalid JWT Signature.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const now = Date.now() / 1000;
    if (claims.iss !== this.clientEmail) return refuse('unknown issuer');
    if (claims.aud !== this.tokenUri) return refuse('aud must be the token_uri');
    if (
      !String(claims.scope ?? '')
        .split(' ')
        .includes(DRIVE_SCOPE)
    )
      return refuse('scope');
    if (!(claims.exp > now && claims.exp - claims.iat <= 3600 && claims.iat <= now + 60))
      return refuse('Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.');
    const token = `ya29.${randomBytes(16).toString('hex')}`;
    this.tokens.add(token);
    return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  }

  private create(meta: { name?: string; mimeType?: string; parents?: string[] }, data?: Buffer) {
    const parent = meta.parents?.[0];
    if (!parent || !this.files.has(parent)) return null;
    const id = `f${(++this.seq).toString().padStart(6, '0')}${randomBytes(4).toString('hex')}`;
    const file: TStoredFile = {
      id,
      name: meta.name ?? 'Untitled',
      mimeType: meta.mimeType ?? (data ? 'application/octet-stream' : FOLDER),
      parents: [parent],
      createdTime: new Date(Date.UTC(2026, 0, 1) + this.seq).toISOString(),
      driveId: this.driveId,
      ...(data ? { data } : {}),
    };
    this.files.set(id, file);
    return { kind: 'drive#file', id, name: file.name, mimeType: file.mimeType };
  }

  private async upload(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
    if (url.searchParams.get('uploadType') !== 'multipart')
      return driveError(res, 400, 'badRequest', 'the stand-in takes uploadType=multipart');
    const boundary = String(req.headers['content-type']).match(/^multipart\/related; boundary=(.+)$/)?.[1];
    if (!boundary) return driveError(res, 400, 'badContent', 'expected multipart/related');
    const [meta, media] = parseRelated(await readBody(req), boundary);
    if (!meta || !media || !meta.headers['content-type']?.startsWith('application/json'))
      return driveError(res, 400, 'badContent', 'expected metadata and media parts');
    const made = this.create(JSON.parse(meta.data.toString('utf8')), media.data);
    if (!made) return driveError(res, 404, 'notFound', 'File not found: parent.');
    return json(res, 200, made);
  }

  private list(url: URL, res: http.ServerResponse) {
    const p = url.searchParams;
    if (p.get('includeItemsFromAllDrives') !== 'true')
      return driveError(res, 400, 'badRequest', 'includeItemsFromAllDrives is missing');
    if (p.get('corpora') !== 'drive' || p.get('driveId') !== this.driveId)
      return driveError(res, 400, 'badRequest', 'search the shared drive (corpora=drive, driveId)');
    const tests: ((f: TStoredFile) => boolean)[] = [];
    const clauses: [RegExp, (value: string) => (f: TStoredFile) => boolean][] = [
      [/^name = '([^']*)'$/, (v) => (f) => f.name === v],
      [/^'([^']*)' in parents$/, (v) => (f) => f.parents.includes(v)],
      [/^mimeType = '([^']*)'$/, (v) => (f) => f.mimeType === v],
      [/^trashed = (false)$/, () => () => true], // nothing is ever trashed here
    ];
    for (const clause of (p.get('q') ?? '').split(' and ')) {
      const known = clauses.find(([re]) => re.test(clause));
      if (!known) return driveError(res, 400, 'invalidQuery', `the stand-in does not know "${clause}"`);
      tests.push(known[1](clause.match(known[0])![1]!));
    }
    const found = [...this.files.values()].filter((f) => tests.every((t) => t(f)));
    return json(res, 200, {
      kind: 'drive#fileList',
      files: found.map(({ data, ...f }) => ({ ...f, ...(data ? { size: String(data.length) } : {}) })),
    });
  }
}
