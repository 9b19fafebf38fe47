import type { Redis } from 'ioredis';

type TLog = {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
};

export type TRedisGaps = {
  /** Redis failed (an error, a lost connection, a command that timed out): logged once a gap. */
  lost(reason: string): void;
  /** Redis answered again: ends the gap, logging how long it was. */
  back(): void;
  /** Call before closing the client on purpose, so a shutdown is not logged as a gap. */
  close(): void;
};

/**
 * Logs a Redis connection's gaps, once each: when it is lost (and what that means meanwhile) and
 * when it is back (and how long it was away). ioredis reconnects by itself and reports every
 * failed attempt as an 'error' (kept at debug level); without an 'error' listener a lost
 * connection would end the process. A user of the client reports what the connection's events do
 * not show (a frozen Redis: connected, but its commands time out) with `lost` and `back`.
 */
export function watchRedisGaps(client: Redis, log: TLog, what: string, meanwhile: string): TRedisGaps {
  let lostAt: number | null = null;
  let closing = false;
  const lost = (reason: string) => {
    if (closing || lostAt !== null) return;
    lostAt = Date.now();
    log.warn({ redis: what, reason }, `${what}: Redis connection lost; ${meanwhile}`);
  };
  const back = () => {
    if (lostAt === null) return;
    const awayMs = Date.now() - lostAt;
    lostAt = null;
    log.info({ redis: what, awayMs }, `${what}: Redis back after ${(awayMs / 1000).toFixed(1)} s`);
  };
  client.on('error', (err: Error) => {
    log.debug({ redis: what, err: { message: err.message } }, `${what}: Redis error`);
    lost(err.message);
  });
  client.on('close', () => lost('connection closed'));
  client.on('ready', back);
  return {
    lost,
    back,
    close: () => {
      closing = true;
    },
  };
}

/** watchRedisGaps for a client whose events tell it all; returns its `close`. */
export function watchRedis(client: Redis, log: TLog, what: string, meanwhile: string): () => void {
  return watchRedisGaps(client, log, what, meanwhile).close;
}
