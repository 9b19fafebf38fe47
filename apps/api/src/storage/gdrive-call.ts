import { createSign } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TDriveSettings } from '../config.js';
import { storageUnavailable as storageUnavailableError } from './driver.js';

// How the Drive driver talks to Google: the service account's sign-in (OAuth 2.0 JWT bearer
// grant at the key's `token_uri`), and every call bounded by a time limit and retried with
// exponential back-off and jitter on rate limits and server errors.

export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive';
/** Attempts per call, the first included: waits of about 1, 2, 4 and 8 x GDRIVE_RETRY_BASE_MS. */
export const MAX_ATTEMPTS = 5;

/** What a user sees when Drive fails; the details go to the server log only. */
export const storageUnavailable = () => storageUnavailableError('The file storage (Google Drive)');

export class DriveTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`Google Drive did not answer ${what} within ${ms} ms`);
  }
}

class TokenError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * Signs in as the service account: an RS256-signed assertion for the Drive scope, exchanged at
 * `token_uri` for an access token (google-auth-library's JWT client always posts to Google's
 * own token URL, so this reads the key's `token_uri` itself). The key never leaves this function.
 */
export async function fetchAccessToken(settings: TDriveSettings) {
  const iat = Math.floor(Date.now() / 1000);
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(settings.privateKeyId ? { kid: settings.privateKeyId } : {}),
  };
  const claims = {
    iss: settings.clientEmail,
    scope: DRIVE_SCOPE,
    aud: settings.tokenUri,
    iat,
    exp: iat + 3600,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(settings.privateKey);
  let res: Response;
  try {
    res = await fetch(settings.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${base64url(signature)}`,
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (err) {
    throw new TokenError(`token request failed: ${(err as Error).message}`, undefined);
  }
  const body = (await res.json().catch(() => ({}))) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
  };
  if (!res.ok || !body.access_token) {
    // Google's answer names the problem (invalid_grant, ...) without echoing the assertion.
    throw new TokenError(`token request refused: HTTP ${res.status} ${body.error ?? ''}`.trim(), res.status);
  }
  return { access_token: body.access_token, expiry_date: Date.now() + (body.expires_in ?? 3600) * 1000 };
}

type TFailure = 'missing' | 'retry' | 'signIn' | 'fail';

/** Rate limits (403 with a rate reason, 429), server errors and dropped connections are retried. */
export function classify(err: unknown): TFailure {
  if (err instanceof TokenError) {
    const s = err.status;
    return s === undefined || s === 429 || s >= 500 ? 'retry' : 'fail';
  }
  const e = err as { status?: number; response?: { status?: number; data?: unknown }; code?: string };
  const status = e.status ?? e.response?.status;
  if (status === 404) return 'missing';
  if (status === 401) return 'signIn'; // the token was revoked or expired early: sign in again
  if (status === 429 || (status !== undefined && status >= 500)) return 'retry';
  if (status === 403) {
    const data = e.response?.data;
    const text = typeof data === 'string' ? data : JSON.stringify(data ?? '');
    return /rateLimitExceeded/i.test(text) ? 'retry' : 'fail';
  }
  if (
    status === undefined &&
    /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|EAI_AGAIN|UND_ERR_SOCKET)$/.test(e.code ?? '')
  )
    return 'retry';
  return 'fail';
}

export class DriveMissing extends Error {}

export type TCaller = <T>(what: string, run: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/**
 * Runs one Drive call with a time limit (an abort signal the call passes on) and retries.
 * A 404 becomes `DriveMissing`; a timeout, a refusal or spent attempts become the 503
 * `storageUnavailable`, logged with the reason.
 */
export function createCaller(
  settings: TDriveSettings,
  log: { warn(obj: object, msg: string): void },
  /** Forgets the access token, so the next attempt signs in afresh. */
  forgetToken: () => void,
): TCaller {
  return async function call<T>(what: string, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(new DriveTimeout(what, settings.timeoutMs)),
        settings.timeoutMs,
      );
      // The sign-in before a call does not see the signal: race it, so nothing outlives the limit.
      const timedOut = new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
      );
      const running = run(controller.signal);
      running.catch(() => {});
      timedOut.catch(() => {});
      try {
        return await Promise.race([running, timedOut]);
      } catch (err) {
        if (controller.signal.aborted) {
          log.warn({ call: what, attempt }, `Google Drive timed out (${settings.timeoutMs} ms)`);
          throw storageUnavailable();
        }
        const kind = classify(err);
        if (kind === 'missing') throw new DriveMissing(what);
        if (kind === 'signIn' && attempt === 1) {
          forgetToken();
          continue;
        }
        const reason = (err as Error).message?.slice(0, 300);
        if (kind === 'retry' && attempt < MAX_ATTEMPTS) {
          // Exponential back-off with jitter: half fixed, half random, so retries spread out.
          const wait = settings.retryBaseMs * 2 ** (attempt - 1);
          await sleep(wait / 2 + Math.random() * (wait / 2));
          continue;
        }
        log.warn({ call: what, attempt, reason }, 'Google Drive call failed');
        throw storageUnavailable();
      } finally {
        clearTimeout(timer);
      }
    }
  };
}
