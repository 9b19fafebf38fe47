import type { TRole } from '@uniapply/shared';

/**
 * Issuer keys stored in `users.issuer`. The demo provider's key is a constant rather than its URL
 * so the seeded demo accounts stay the same accounts whatever host and port the portal runs on;
 * its subjects are lowercased emails.
 */
export const DEMO_ISSUER_KEY = 'demo';
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export type TDemoAccount = { email: string; role: TRole; firstName: string; lastName: string };

/** The demo provider's ready-made accounts (the seed creates the same rows). */
export const DEMO_ACCOUNTS: readonly TDemoAccount[] = [
  { email: 'admin@demo.local', role: 'Admin', firstName: 'Dilnoza', lastName: 'Adminova' },
  { email: 'agent@demo.local', role: 'Agent', firstName: 'Timur', lastName: 'Rashidov' },
  { email: 'student@demo.local', role: 'Student', firstName: 'Aziza', lastName: 'Karimova' },
];

export const findDemoAccount = (email: string) =>
  DEMO_ACCOUNTS.find((a) => a.email === email.trim().toLowerCase());
