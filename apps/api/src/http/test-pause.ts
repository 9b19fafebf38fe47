// Test-only pause points. A process started with TEST_PAUSE_AT=<point> (never in production: the
// configuration refuses it) stops at that point for good, after saying so in its log, so a test can
// kill it there (kill -9) without guessing at timing: test/resources/idempotency-crash.test.ts.

export type TPausePoint = 'idempotency-claimed' | 'idempotency-committed';

/** Never returns when `point` is the configured one; a no-op otherwise. */
export async function pauseForTest(
  pauseAt: TPausePoint | undefined,
  point: TPausePoint,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  if (pauseAt !== point) return;
  log.warn({ event: 'test-pause', point }, `test pause at ${point}: waiting to be killed`);
  await new Promise(() => {});
}
