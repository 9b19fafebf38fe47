import type { TAppLanguage, TRole, TSignupRole } from '@uniapply/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type TIdentity = {
  /** `users.issuer`: 'demo' or the provider's issuer URL. */
  issuerKey: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
};

export type TNewAccountRule = {
  signUpRole: TSignupRole;
  adminEmails: readonly string[];
  /** A ready-made account of the demo provider: its role and names win. */
  demoAccount?: { role: TRole; firstName: string; lastName: string };
};

/** "aziza.karimova@x" → Aziza / Karimova; used when the provider sends no names. */
export function namesFromEmail(email: string): { firstName: string; lastName: string } {
  const local = email.split('@')[0] ?? '';
  const parts = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return { firstName: parts[0] ?? local, lastName: parts.slice(1).join(' ') };
}

/**
 * Creates the account on first sign-in or refreshes its email on later ones. The account is found
 * by issuer + subject only; its role is set once, at creation, and never changed here.
 */
export async function upsertSignedInUser(
  db: TDbOrTx,
  identity: TIdentity,
  rule: TNewAccountRule,
): Promise<{ id: number; role: TRole }> {
  const email = identity.email.trim().toLowerCase();
  const derived = namesFromEmail(email);
  const role: TRole =
    rule.demoAccount?.role ??
    (identity.emailVerified && rule.adminEmails.includes(email) ? 'Admin' : rule.signUpRole);
  const firstName = rule.demoAccount?.firstName ?? identity.firstName?.trim() ?? derived.firstName;
  const lastName = rule.demoAccount?.lastName ?? identity.lastName?.trim() ?? derived.lastName;
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      issuer: identity.issuerKey,
      subject: identity.subject,
      email,
      firstName,
      lastName,
      role,
      lastSignInAt: now,
    })
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      // Not the role, and not names the provider did not send.
      set: {
        email,
        lastSignInAt: now,
        ...(identity.firstName?.trim() ? { firstName: sql`excluded.first_name` } : {}),
        ...(identity.lastName?.trim() ? { lastName: sql`excluded.last_name` } : {}),
      },
    })
    .returning({ id: users.id, role: users.role });
  return { id: row!.id, role: row!.role as TRole };
}

export async function setAppLanguage(db: TDbOrTx, userId: number, language: TAppLanguage): Promise<void> {
  await db.update(users).set({ appLanguage: language }).where(eq(users.id, userId));
}
