// The drills' own ports (this lane's range 3700-3749), one set per drill file, so drills never
// meet each other or the machine's shared PostgreSQL (5432) and Redis (6379).
export const DRILL_PORTS = {
  /** PostgreSQL restarted under load. */
  api: 3700,
  postgres: 3730,
  /** Redis stopped: two API processes on one private PostgreSQL and one private Redis. */
  redisApiOne: 3701,
  redisApiTwo: 3702,
  redisPostgres: 3732,
  redis: 3731,
  /** Files disk full or read-only; uploads aborted halfway (in-process apps on PGlite). */
  filesApi: 3703,
  abortApi: 3704,
  /** Rate limits while Redis is stopped and frozen (the rate-limit lane's range 3760-3769). */
  rateLimitApiOne: 3760,
  rateLimitApiTwo: 3761,
  rateLimitRedis: 3762,
} as const;
