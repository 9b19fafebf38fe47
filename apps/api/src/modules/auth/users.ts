import type { TAppLanguage, TProfileNames, TRole, TSignupRole } from '@uniapply/shared';
import { asc, eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { studentInfos, users } from '../../db/schema/index.js';

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
 * by issuer + subject only; its role is set once, at creation, and never changed here. Names come
 * from the provider's given/family name claims (else from the email) at creation only: afterwards
 * they are the user's own, corrected on the profile page.
 */
export async function upsertSignedInUser(
  db: TDbOrTx,
  identity: TIdentity,
  rule: TNewAccountRule,
): Promise<{ id: number; role: TRole; disabled: boolean }> {
  const email = identity.email.trim().toLowerCase();
  const derived = namesFromEmail(email);
  const role: TRole =
    rule.demoAccount?.role ??
    (identity.emailVerified && rule.adminEmails.includes(email) ? 'Admin' : rule.signUpRole);
  const given = identity.firstName?.trim().slice(0, 100);
  // A provider's first name alone is kept with an empty last name, not mixed with the email's.
  const firstName = rule.demoAccount?.firstName ?? (given || derived.firstName);
  const lastName =
    rule.demoAccount?.lastName ??
    (given ? (identity.lastName?.trim().slice(0, 100) ?? '') : derived.lastName);
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
      // Not the role, and not the names (the user may have corrected them).
      set: { email, lastSignInAt: now },
    })
    .returning({ id: users.id, role: users.role, disabledAt: users.disabledAt });
  return { id: row!.id, role: row!.role as TRole, disabled: row!.disabledAt !== null };
}

/** The user's own correction of their name (profile page). */
export async function setProfileNames(db: TDbOrTx, userId: number, names: TProfileNames): Promise<void> {
  await db.update(users).set(names).where(eq(users.id, userId));
}

export async function setAppLanguage(db: TDbOrTx, userId: number, language: TAppLanguage): Promise<void> {
  await db.update(users).set({ appLanguage: language }).where(eq(users.id, userId));
}

/** Whether the user receives status mails (issue 12; the profile page's setting). */
export async function getStatusMails(db: TDbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ statusMails: users.statusMails }).from(users).where(eq(users.id, userId));
  return row?.statusMails ?? false;
}

export async function setStatusMails(db: TDbOrTx, userId: number, statusMails: boolean): Promise<void> {
  await db.update(users).set({ statusMails }).where(eq(users.id, userId));
}

/**
 * The name on a student's own application profile (their first, as the wizard opens it), or null
 * (no profile yet, or not a student): `/api/auth/me`'s `profileName` (issue 18 item 7).
 */
export async function ownProfileName(
  db: TDbOrTx,
  user: { id: number; role: TRole },
): Promise<{ firstName: string; lastName: string } | null> {
  if (user.role !== 'Student') return null;
  const [row] = await db
    .select({ firstName: studentInfos.firstName, lastName: studentInfos.lastName })
    .from(studentInfos)
    .where(eq(studentInfos.userId, user.id))
    .orderBy(asc(studentInfos.id))
    .limit(1);
  return row ?? null;
}
