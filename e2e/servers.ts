// The e2e servers' addresses, shared by the Playwright config and the specs. Each run's main server
// listens on E2E_PORT (3100 by default, so two runs on one machine stay apart); the specs whose data
// would change what the others see get a server of their own beside it, so every project runs in
// parallel with the rest instead of last and alone.

export const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The server of the projects whose data is their own (+200 and +300: clear of a neighbour run's ports). */
export const OWN_SERVER_PORTS = {
  // The live Notification spec counts the admins' unread notifications and watches the bell clear:
  // another spec's confirm meanwhile would light it again.
  live: PORT + 200,
  // A document type added by the admin is a required upload for every applicant while it exists:
  // the wizard specs beside it would find a fourth slot to fill.
  'catalogue-wide': PORT + 300,
  // The intake spec moves its server's clock past a deadline (TEST_CLOCK_FILE): every deadline on
  // that server passes with it.
  clock: PORT + 400,
} as const;

/** The file the `clock` server's clock is read from (apps/api/src/clock.ts fileClock). */
export const CLOCK_FILE = `/tmp/uniapply-e2e-clock-${PORT}`;

export const urlOf = (port: number) => `http://127.0.0.1:${port}`;

/** Every origin an e2e browser may open: the main server's and the own servers'. */
export const ORIGINS = [PORT, ...Object.values(OWN_SERVER_PORTS)].map(urlOf);
