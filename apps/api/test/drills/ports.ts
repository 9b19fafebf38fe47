// The drills' own ports (3700-3769), one set per drill file, so drills never
// meet each other or the machine's shared PostgreSQL (5432) and Redis (6379). DRILL_PORT_OFFSET
// moves them all (e.g. 70: 3770-3839), for two checkouts running drills on one machine at once.
const offset = Number(process.env.DRILL_PORT_OFFSET ?? 0);
if (!Number.isInteger(offset) || offset < 0 || offset > 1000)
  throw new Error('DRILL_PORT_OFFSET is a whole number from 0 to 1000');
const at = (port: number) => port + offset;

export const DRILL_PORTS = {
  /** PostgreSQL restarted under load. */
  api: at(3700),
  postgres: at(3730),
  /** Redis stopped: two API processes on one private PostgreSQL and one private Redis. */
  redisApiOne: at(3701),
  redisApiTwo: at(3702),
  redisPostgres: at(3732),
  redis: at(3731),
  /** Files disk full or read-only; uploads aborted halfway or stalled (in-process apps on PGlite). */
  filesApi: at(3703),
  abortApi: at(3704),
  /** PostgreSQL frozen (SIGSTOP) under load. */
  frozenApi: at(3750),
  frozenPostgres: at(3751),
  /** Rate limits while Redis is stopped and frozen. */
  rateLimitApiOne: at(3760),
  rateLimitApiTwo: at(3761),
  rateLimitRedis: at(3762),
} as const;
