import type { TRole } from '@uniapply/shared';

// Seed data that the demo OpenID provider (modules/auth) also reads: it lives here, below the
// modules, so the seed never imports a module (layers point down, DESIGN 7).

/**
 * The demo provider's issuer key stored in `users.issuer`: a constant rather than its URL so the
 * seeded demo accounts stay the same accounts whatever host and port the portal runs on; its
 * subjects are lowercased emails.
 */
export const DEMO_ISSUER_KEY = 'demo';

export type TDemoAccount = { email: string; role: TRole; firstName: string; lastName: string };

/** The demo provider's ready-made accounts: the seed creates these rows, the provider offers them. */
export const DEMO_ACCOUNTS: readonly TDemoAccount[] = [
  { email: 'admin@demo.local', role: 'Admin', firstName: 'Dilnoza', lastName: 'Adminova' },
  { email: 'agent@demo.local', role: 'Agent', firstName: 'Timur', lastName: 'Rashidov' },
  { email: 'student@demo.local', role: 'Student', firstName: 'Aziza', lastName: 'Karimova' },
];

export const findDemoAccount = (email: string) =>
  DEMO_ACCOUNTS.find((a) => a.email === email.trim().toLowerCase());
