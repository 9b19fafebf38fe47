import { createHash, randomBytes } from 'node:crypto';
import type { TSignupRole } from '@uniapply/shared';
import { eq, lt } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { signInFlows } from '../../db/schema/index.js';

/** How long a started sign-in may take before the callback refuses it. */
export const SIGN_IN_FLOW_TTL_MS = 10 * 60_000;

export type TSignInFlow = {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnUrl: string;
  signUpRole: TSignupRole;
};

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores a started sign-in; returns the random token the browser keeps in a cookie. */
export async function startSignInFlow(db: TDbOrTx, flow: TSignInFlow): Promise<string> {
  const now = Date.now();
  // Forgotten flows are swept here, so the table stays as small as the sign-ins in progress.
  await db.delete(signInFlows).where(lt(signInFlows.expiresAt, new Date(now)));
  const token = randomBytes(32).toString('base64url');
  await db.insert(signInFlows).values({
    idHash: hash(token),
    ...flow,
    expiresAt: new Date(now + SIGN_IN_FLOW_TTL_MS),
  });
  return token;
}

/** Takes a started sign-in out of the store (one-time use); null when unknown or expired. */
export async function takeSignInFlow(db: TDbOrTx, token: string): Promise<TSignInFlow | null> {
  const [row] = await db
    .delete(signInFlows)
    .where(eq(signInFlows.idHash, hash(token)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return {
    provider: row.provider,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.codeVerifier,
    returnUrl: row.returnUrl,
    signUpRole: row.signUpRole as TSignupRole,
  };
}
