import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

// Every environment variable, validated once. A bad value stops start-up naming the variable.

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address people use to reach the portal; defaults to http://HOST:PORT. */
    PUBLIC_URL: z.url().optional(),
    /** PostgreSQL connection string; without it the embedded PGlite under DATA_DIR is used. */
    DATABASE_URL: z.string().startsWith('postgres').optional(),
    /**
     * PostgreSQL's time limits: waiting for a connection, and each query's answer (the server's
     * statement_timeout is set a little below it). Over them a request gets 503 with Retry-After.
     */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
    /** Embedded database and files; default <repo root>/data. Relative paths: see `fromLaunchDir`. */
    DATA_DIR: z.string().min(1).optional(),
    /** Seed the demo catalogue and accounts on first start (default: on for the embedded database). */
    SEED_DEMO: z.enum(['true', 'false', 'auto']).default('auto'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    ADMIN_EMAILS: list,
    STORAGE: z.enum(['local', 'gdrive', 's3']).default('local'),
    FILES_DIR: z.string().min(1).optional(),
    /** Google Drive (STORAGE=gdrive): the service account's JSON key, as a file or inline. */
    GDRIVE_CREDENTIALS_FILE: z.string().min(1).optional(),
    GDRIVE_CREDENTIALS_JSON: z.string().min(1).optional(),
    /** The folder (in a shared drive) that holds one folder per student. */
    GDRIVE_ROOT_FOLDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'a Drive folder id (letters, digits, - and _)')
      .optional(),
    /** Tests only: the Drive API's root URL (a local stand-in). */
    GDRIVE_API_URL: z.url().optional(),
    /** Each Drive call's time limit, and the first retry's back-off (doubled per retry). */
    GDRIVE_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(20_000),
    GDRIVE_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
    /** S3-compatible object storage (STORAGE=s3); without an endpoint, AWS's own for the region. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'a region name such as eu-central-1')
      .default('us-east-1'),
    /** Bucket naming rules of S3: 3 to 63 lowercase letters, digits, dots and hyphens. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name (3-63 lowercase letters, digits, . and -)')
      .optional(),
    /** Without them the SDK's own chain is used (AWS_* variables, the instance's role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Bucket in the path (http://host/bucket/key) rather than the host name: most non-AWS stores. */
    S3_FORCE_PATH_STYLE: bool,
    /** Each S3 request's time limit (connect, and each wait for data), and the SDK's attempts. */
    S3_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(20_000),
    S3_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    /** Largest accepted upload, in megabytes; a larger one is refused with 413. */
    UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(10),
    /**
     * What one account may hold in uploads that no record uses yet (kept 24 hours), in megabytes;
     * over it an upload is refused with 413 `uploadQuota` (SECURITY 35).
     */
    UPLOAD_UNATTACHED_MAX_MB: z.coerce.number().positive().max(10_240).default(50),
    /** An upload's body silent this long (no byte arrives) is ended: 408, nothing kept. */
    UPLOAD_STALL_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
    REDIS_URL: z.string().startsWith('redis').optional(),
    /** clamd's UNIX socket: every upload is scanned there before it is stored (SECURITY 28). */
    CLAMD_SOCKET: z.string().min(1).optional(),
    /** How long a scan may take before the upload is refused with 503. */
    CLAMD_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(30_000),
    /** The Redis pub/sub channel prefix of the notification hub (processes sharing it fan out). */
    REDIS_HUB_CHANNEL: z.string().min(1).max(100).default('uniapply-hub'),
    /** Requests per minute to the API per signed-in user, and per address without a session. */
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
    RATE_LIMIT_ANONYMOUS_MAX: z.coerce.number().int().positive().default(100),
    /**
     * Requests per minute per address to the sign-in's steps together (its start, the provider's
     * return, the demo provider's pages): sized for a school office signing in at once behind one
     * address (a Google sign-in is 2 of them, a demo sign-in about 8).
     */
    RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().positive().default(300),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(14),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Behind a proxy: `true` trusts any, or the proxy's addresses/CIDRs (comma-separated, e.g.
     * 127.0.0.1), so X-Forwarded-For from anyone else is ignored. Off by default.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const value = (v ?? '').trim();
        if (['', 'false', '0'].includes(value)) return false;
        if (['true', '1'].includes(value)) return true;
        const addresses = value.split(',').map((s) => s.trim());
        if (addresses.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) return addresses;
        ctx.addIssue({
          code: 'custom',
          message: 'true, false, or the proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)',
        });
        return z.NEVER;
      }),
    /**
     * This process's name among several behind one proxy (npm run cluster): socket.io session ids
     * start with it, so the proxy routes a long-polling client back to this process.
     */
    INSTANCE_NAME: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, 'lower-case letters, digits and -, at most 32')
      .optional(),
    /** Prefix of this portal's Redis keys (rate-limit counters), so portals can share one Redis. */
    REDIS_KEY_PREFIX: z.string().min(1).max(100).default('uniapply-'),
    /**
     * Demo sign-in only: a secret every process behind one proxy shares, from which the demo
     * provider derives its keys and client secret (without it each process makes its own).
     */
    DEMO_OIDC_SEED: z.string().min(16).optional(),
    WEB_DIST: z.string().optional(),
    /** SMTP server for status mails (smtp:// or smtps://); without it mails go to DATA_DIR/outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
      .optional(),
    /** The From address of status mails (default: no-reply at the public host). */
    MAIL_FROM: z.string().min(3).optional(),
    /** How often the job runner looks for due jobs, in milliseconds; 0 turns the runner's loop off. */
    JOBS_POLL_MS: z.coerce.number().int().min(0).default(1000),
    /** How often the mail job sends the mails due, in milliseconds; 0: never (tests drain by hand). */
    MAIL_POLL_MS: z.coerce.number().int().min(0).default(2000),
    /** Attempts before a mail is marked failed; the wait doubles from MAIL_RETRY_BASE_MS. */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).default(30_000),
    /** Further origins allowed to send state-changing requests (e.g. the Vite dev server). */
    ALLOWED_ORIGINS: list,
    /** Application PDFs rendered at once (worker threads); default the cores, at most 4. */
    PDF_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** How long a PDF request waits for a free renderer before a 503 with Retry-After. */
    PDF_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    /**
     * Tests only: the process stops for good at this point (http/test-pause.ts), so a test can
     * kill it there. Refused in production.
     */
    TEST_PAUSE_AT: z.enum(['idempotency-claimed', 'idempotency-committed']).optional(),
    /**
     * Tests only: a file holding an instant (ISO text); while it exists the app's clock reads that
     * instant plus the time since the file was written (clock.ts fileClock), so a browser test can
     * move a built server past a deadline. Refused in production.
     */
    TEST_CLOCK_FILE: z.string().min(1).optional(),
    /** Catalogue reads from memory, keyed by the catalogue version (`off`: every read goes to SQL). */
    CATALOGUE_CACHE: z.enum(['on', 'off']).default('on'),
    /** The catalogue cache's memory bound in megabytes (least recently used answers go first). */
    CATALOGUE_CACHE_MB: z.coerce.number().positive().max(4096).default(32),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE=s3 needs the bucket name' });
    }
    if (env.NODE_ENV === 'production' && env.TEST_CLOCK_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK_FILE'],
        message: 'a test-only switch: not in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.TEST_PAUSE_AT) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_PAUSE_AT'],
        message: 'a test-only switch: not in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.GOOGLE_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message: 'production needs Google sign-in; the demo provider refuses to run in production',
      });
    }
  });

export type TConfig = ReturnType<typeof readConfig>;

/** The fields of a service account's JSON key that signing in needs. */
const ZServiceAccount = z.object({
  type: z.literal('service_account'),
  client_email: z.string().min(3).max(320),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
});
export type TDriveSettings = {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | undefined;
  tokenUri: string;
  rootFolderId: string;
  /** Tests only; undefined means Google's own. */
  apiUrl: string | undefined;
  timeoutMs: number;
  retryBaseMs: number;
};

/**
 * Google Drive settings: needed with STORAGE=gdrive, and checked whenever any is given (so files
 * written earlier through Drive stay readable after a switch back). Messages name the variable and
 * never repeat the key.
 */
function readDriveSettings(e: z.infer<typeof ZEnv>, resolve: (p: string) => string): TDriveSettings | null {
  const given = e.GDRIVE_CREDENTIALS_FILE || e.GDRIVE_CREDENTIALS_JSON || e.GDRIVE_ROOT_FOLDER_ID;
  if (e.STORAGE !== 'gdrive' && !given) return null;
  const fail = (name: string, message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${message}`);
  };
  if (e.GDRIVE_CREDENTIALS_FILE && e.GDRIVE_CREDENTIALS_JSON)
    fail('GDRIVE_CREDENTIALS_FILE', 'give GDRIVE_CREDENTIALS_FILE or GDRIVE_CREDENTIALS_JSON, not both');
  const source = e.GDRIVE_CREDENTIALS_FILE ? 'GDRIVE_CREDENTIALS_FILE' : 'GDRIVE_CREDENTIALS_JSON';
  let text = e.GDRIVE_CREDENTIALS_JSON;
  if (e.GDRIVE_CREDENTIALS_FILE) {
    const file = resolve(e.GDRIVE_CREDENTIALS_FILE);
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      fail(source, `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (!text) return fail(source, 'Google Drive needs a service account key (a file path or the JSON itself)');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail(source, 'is not JSON (expected the service account key file Google gives)');
  }
  const account = ZServiceAccount.safeParse(json);
  if (!account.success) {
    const fields = [...new Set(account.error.issues.map((i) => i.path.join('.') || 'type'))];
    return fail(source, `is not a service account key (check: ${fields.join(', ')})`);
  }
  try {
    createPrivateKey(account.data.private_key);
  } catch {
    fail(source, 'private_key is not a PEM private key');
  }
  if (!e.GDRIVE_ROOT_FOLDER_ID)
    return fail('GDRIVE_ROOT_FOLDER_ID', 'Google Drive needs the id of the root folder (in a shared drive)');
  return {
    clientEmail: account.data.client_email,
    privateKey: account.data.private_key,
    privateKeyId: account.data.private_key_id,
    tokenUri: account.data.token_uri,
    rootFolderId: e.GDRIVE_ROOT_FOLDER_ID,
    apiUrl: e.GDRIVE_API_URL,
    timeoutMs: e.GDRIVE_TIMEOUT_MS,
    retryBaseMs: e.GDRIVE_RETRY_BASE_MS,
  };
}

export type TS3Settings = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Undefined: the SDK's default credential chain. Never logged. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  timeoutMs: number;
  maxAttempts: number;
};

/** S3 settings: with STORAGE=s3, and whenever a bucket is given (files written earlier stay readable). */
function readS3Settings(e: z.infer<typeof ZEnv>): TS3Settings | null {
  if (!e.S3_BUCKET) return null;
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials: e.S3_ACCESS_KEY_ID
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
      : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    timeoutMs: e.S3_TIMEOUT_MS,
    maxAttempts: e.S3_MAX_ATTEMPTS,
  };
}

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // `npm start` at the repo root runs the API inside apps/api; npm keeps the directory the command
  // was typed in as INIT_CWD, so a relative DATA_DIR (FILES_DIR, WEB_DIST) means what the user typed.
  const launchDir = env.INIT_CWD || process.cwd();
  const fromLaunchDir = (p: string) => path.resolve(launchDir, p);
  const gdrive = readDriveSettings(e, fromLaunchDir);
  const dataDir = e.DATA_DIR ? fromLaunchDir(e.DATA_DIR) : path.resolve(import.meta.dirname, '../../../data');
  const reachableHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${reachableHost}:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    dataDir,
    seedDemo: e.SEED_DEMO === 'auto' ? !e.DATABASE_URL : e.SEED_DEMO === 'true',
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET! }
      : null,
    adminEmails: e.ADMIN_EMAILS,
    storage: e.STORAGE,
    /** Google Drive, when configured (required by STORAGE=gdrive); null otherwise. */
    gdrive,
    /** S3-compatible storage, when a bucket is configured (required by STORAGE=s3); null otherwise. */
    s3: readS3Settings(e),
    filesDir: e.FILES_DIR ? fromLaunchDir(e.FILES_DIR) : path.join(dataDir, 'files'),
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * 1024 * 1024),
    uploadStallMs: e.UPLOAD_STALL_MS,
    uploadQuota: {
      maxBytes: Math.floor(e.UPLOAD_UNATTACHED_MAX_MB * 1024 * 1024),
      maxMb: e.UPLOAD_UNATTACHED_MAX_MB,
    },
    redisUrl: e.REDIS_URL,
    clamd: e.CLAMD_SOCKET ? { socket: fromLaunchDir(e.CLAMD_SOCKET), timeoutMs: e.CLAMD_TIMEOUT_MS } : null,
    redisHubChannel: e.REDIS_HUB_CHANNEL,
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      anonymousMax: e.RATE_LIMIT_ANONYMOUS_MAX,
      signInMax: e.RATE_LIMIT_SIGN_IN_MAX,
    },
    session: { idleMs: e.SESSION_IDLE_HOURS * 3600_000, absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86400_000 },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    instanceName: e.INSTANCE_NAME,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    demoOidcSeed: e.DEMO_OIDC_SEED,
    extraOrigins: e.ALLOWED_ORIGINS,
    pdf: {
      concurrency: e.PDF_CONCURRENCY ?? Math.min(4, Math.max(1, os.availableParallelism())),
      queueWaitMs: e.PDF_QUEUE_WAIT_MS,
    },
    jobs: { pollMs: e.JOBS_POLL_MS },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `UniApply <no-reply@${new URL(publicUrl).hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
    },
    catalogueCache: {
      enabled: e.CATALOGUE_CACHE === 'on',
      maxBytes: Math.floor(e.CATALOGUE_CACHE_MB * 1024 * 1024),
    },
    /** Tests only (TEST_PAUSE_AT): where the process stops for good (http/test-pause.ts). */
    testPauseAt: e.TEST_PAUSE_AT,
    /** Tests only (TEST_CLOCK_FILE): the file the app's clock is read from (clock.ts fileClock). */
    testClockFile: e.TEST_CLOCK_FILE,
    webDist: e.WEB_DIST ? fromLaunchDir(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
