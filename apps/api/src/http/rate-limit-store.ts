import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, { type TPluginStore, type TRateCallback } from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import type { TRedisGaps } from './redis-watch.js';

/**
 * How long a rate-limit count may wait for Redis (ioredis `commandTimeout` of the rate-limit
 * client): a frozen Redis (connected, not answering) must not hold the request.
 */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 500;

/** After a Redis command failed, requests are counted in memory this long before Redis is asked again. */
export const RATE_LIMIT_REDIS_RETRY_MS = 1000;

type TLink = {
  /** Whether to ask Redis now: connected, and no command failed in the last RATE_LIMIT_REDIS_RETRY_MS. */
  usable(): boolean;
  failed(err: Error): void;
  answered(): void;
};
type TMethod = 'incr' | 'read';

/**
 * Counts in Redis (shared by every API process) while Redis answers, and in this process's memory
 * (the plugin's own LocalStore) while it does not: not connected, a command refused or timed out.
 * The same keys in both, so a limit holds per process while Redis is away, and the shared count
 * takes over again as soon as Redis answers. Counts made in memory meanwhile are not carried over.
 */
class SharedOrLocalStore implements TPluginStore {
  readonly #shared: TPluginStore;
  readonly #local: TPluginStore;
  readonly #link: TLink;

  constructor(shared: TPluginStore, local: TPluginStore, link: TLink) {
    this.#shared = shared;
    this.#local = local;
    this.#link = link;
  }

  incr(key: string, callback: TRateCallback, timeWindow: number, max: number) {
    this.#count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: TRateCallback, timeWindow: number, max: number) {
    this.#count('read', key, callback, timeWindow, max);
  }

  /** A route's own limit: its own keys in Redis and its own map in memory, as the plugin's stores do. */
  child(routeOptions: object): TPluginStore {
    return new SharedOrLocalStore(
      this.#shared.child(routeOptions),
      this.#local.child(routeOptions),
      this.#link,
    );
  }

  #count(method: TMethod, key: string, callback: TRateCallback, timeWindow: number, max: number) {
    if (!this.#link.usable()) return this.#local[method](key, callback, timeWindow, max);
    this.#shared[method](
      key,
      (err, result) => {
        if (err) {
          this.#link.failed(err);
          this.#local[method](key, callback, timeWindow, max);
          return;
        }
        this.#link.answered();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/**
 * The rate-limit plugin's `store` for a Redis client: counts in Redis under `nameSpace`, and in
 * memory while Redis fails. `gaps` (the client's watchRedisGaps) logs a gap once, also one the
 * connection's events do not show (commands timing out on a frozen Redis), and its end.
 */
export function sharedOrLocalStore(
  redis: Redis,
  nameSpace: string,
  gaps: TRedisGaps,
): FastifyRateLimitStoreCtor {
  let askAgainAt = 0;
  const link: TLink = {
    usable: () => redis.status === 'ready' && Date.now() >= askAgainAt,
    failed: (err) => {
      askAgainAt = Date.now() + RATE_LIMIT_REDIS_RETRY_MS;
      gaps.lost(err.message);
    },
    answered: gaps.back,
  };
  return class extends SharedOrLocalStore {
    /** The plugin passes its settings (continueExceeding, exponentialBackoff: off here). */
    constructor(options: RateLimitOptions) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
        link,
      );
    }
  };
}
