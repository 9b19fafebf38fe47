// The drills' own ports (3700-3759), one set per drill file, so drills never
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
  /** PostgreSQL frozen (SIGSTOP) under load: the pgfreeze lane's range 3750-3759. */
  frozenApi: 3750,
  frozenPostgres: 3751,
} as const;
