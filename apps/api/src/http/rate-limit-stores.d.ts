// @fastify/rate-limit's own counter stores (CommonJS, without types of their own), which the
// rate-limit store of http/rate-limit-store.ts puts together: the plugin's Redis store, and its
// in-memory store for when Redis fails.

declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { TPluginStore } from '@fastify/rate-limit/store/RedisStore.js';

  /** Counts in this process: a least-recently-used map of `cache` keys (5,000 by default). */
  const LocalStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    cache?: number,
  ) => TPluginStore;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  export type TRateCount = { current: number; ttl: number };
  export type TRateCallback = (error: Error | null, result?: TRateCount) => void;
  /** The plugin's store contract (its types name `incr` and `child` only). */
  export interface TPluginStore {
    incr(key: string, callback: TRateCallback, timeWindow: number, max: number): void;
    read(key: string, callback: TRateCallback, timeWindow: number, max: number): void;
    child(routeOptions: object): TPluginStore;
  }
  /** Counts in Redis, keys `<key><rate key>` (a Lua script: INCR and PEXPIRE in one step). */
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key?: string,
  ) => TPluginStore;
  export default RedisStore;
}
