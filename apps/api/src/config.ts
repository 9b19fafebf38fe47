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
    /** Embedded database and files; default <repo root>/data. Relative paths: see `fromLaunchDir`. */
    DATA_DIR: z.string().min(1).optional(),
    /** Seed the demo catalogue and accounts on first start (default: on for the embedded database). */
    SEED_DEMO: z.enum(['true', 'false', 'auto']).default('auto'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    ADMIN_EMAILS: list,
    STORAGE: z.enum(['local', 'gdrive']).default('local'),
    FILES_DIR: z.string().min(1).optional(),
    /** Largest accepted upload, in megabytes; a larger one is refused with 413. */
    UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(10),
    REDIS_URL: z.string().startsWith('redis').optional(),
    /** Requests per minute to the API per signed-in user, and per address without a session. */
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
    RATE_LIMIT_ANONYMOUS_MAX: z.coerce.number().int().positive().default(100),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(14),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool,
    WEB_DIST: z.string().optional(),
    /** SMTP server for status mails (smtp:// or smtps://); without it mails go to DATA_DIR/outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
      .optional(),
    /** The From address of status mails (default: no-reply at the public host). */
    MAIL_FROM: z.string().min(3).optional(),
    /** How often the mail worker looks for due mails, in milliseconds; 0 turns the loop off. */
    MAIL_POLL_MS: z.coerce.number().int().min(0).default(2000),
    /** Attempts before a mail is marked failed; the wait doubles from MAIL_RETRY_BASE_MS. */
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).default(30_000),
    /** Further origins allowed to send state-changing requests (e.g. the Vite dev server). */
    ALLOWED_ORIGINS: list,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
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
    dataDir,
    seedDemo: e.SEED_DEMO === 'auto' ? !e.DATABASE_URL : e.SEED_DEMO === 'true',
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET! }
      : null,
    adminEmails: e.ADMIN_EMAILS,
    storage: e.STORAGE,
    filesDir: e.FILES_DIR ? fromLaunchDir(e.FILES_DIR) : path.join(dataDir, 'files'),
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * 1024 * 1024),
    redisUrl: e.REDIS_URL,
    rateLimit: { max: e.RATE_LIMIT_MAX, anonymousMax: e.RATE_LIMIT_ANONYMOUS_MAX },
    session: { idleMs: e.SESSION_IDLE_HOURS * 3600_000, absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86400_000 },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    extraOrigins: e.ALLOWED_ORIGINS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `UniApply <no-reply@${new URL(publicUrl).hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
    },
    webDist: e.WEB_DIST ? fromLaunchDir(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
