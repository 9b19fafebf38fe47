import pg from 'pg';

// PostgreSQL connections with time limits (issue 11: a frozen server, one that accepts the TCP
// connection but never answers, must not hang requests). Every limit ends in an error the error
// handler answers as 503 serviceUnavailable with Retry-After (http/error-log.ts).

export type TDatabaseTimeouts = {
  /** Longest wait for a connection: a free one from the pool, or a new one's TCP and start-up. */
  connectMs: number;
  /**
   * Longest wait for one query's answer on our side (pg's `query_timeout`). The server's own
   * `statement_timeout` is set a little below it, so a statement that is merely slow (a lock wait)
   * is cancelled by PostgreSQL and its connection stays usable; ours fires only when the server
   * does not answer at all.
   */
  queryMs: number;
};

export const DEFAULT_DATABASE_TIMEOUTS: TDatabaseTimeouts = { connectMs: 5_000, queryMs: 10_000 };

/** The server-side limit: 90 % of ours, at most a second below it. */
export const statementTimeoutMs = (queryMs: number) => Math.max(1, queryMs - Math.min(1_000, queryMs / 10));

// pg sends this when `query_timeout` passes (it has no code).
const QUERY_READ_TIMEOUT = 'Query read timeout';

type TRelease = (err?: Error | boolean) => void;

/**
 * A pg client that is never handed back to the pool stuck, and never lost to it:
 * - When a query's answer does not come within `query_timeout`, pg fails the query but keeps it as
 *   the connection's active query: every later query on that client (the transaction's `rollback`)
 *   would queue behind it and wait out the time limit again, and a client released to the pool
 *   that way hands the wait on to the next request. So the client ends at once (pg then destroys
 *   the socket: a query is active); later queries on it fail at once ("Client was closed").
 * - drizzle's `transaction()` sends `begin` before its try/finally, so a client whose `begin`
 *   fails is never released, and the pool counts it as in use for ever (ten of them and every
 *   request waits for a connection that never comes). A client that ends while checked out is
 *   given back to the pool here (which drops it), and a later release of it does nothing.
 */
class GuardedClient extends pg.Client {
  #release: TRelease | undefined;

  constructor(config?: pg.ClientConfig) {
    super(config);
    this.once('end', () => this.#giveBack(new Error('Connection terminated')));
    // A connection lost while checked out (a transaction between two queries) is an 'error' event
    // nobody listens to then (the pool listens only while the client is idle): Node would end the
    // process. Its queries fail by themselves, and the pool drops it when it comes back.
    this.on('error', () => {});
  }

  // pg-pool sets `release` on each checkout.
  set release(fn: TRelease) {
    this.#release = fn;
  }
  get release(): TRelease {
    return (err) => this.#giveBack(err);
  }

  #giveBack(err?: Error | boolean) {
    const release = this.#release;
    this.#release = undefined;
    release?.(err);
  }

  #afterError(err: unknown) {
    if (err instanceof Error && err.message === QUERY_READ_TIMEOUT) this.end().catch(() => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes them through.
  override query(...args: any[]): any {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        if (err) this.#afterError(err);
        callback(err, res);
      };
      return Reflect.apply(super.query, this, args);
    }
    const result = Reflect.apply(super.query, this, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      this.#afterError(err);
      throw err;
    });
  }
}

/**
 * A pool whose connections carry the time limits: connecting (and waiting for a free connection),
 * each query's answer, the server's statement timeout, and a transaction left idle (a crashed or
 * stuck caller) ended by the server after the same time.
 */
export function createPool(
  url: string,
  max: number,
  timeouts: TDatabaseTimeouts,
  onError: (err: Error) => void,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: GuardedClient,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: statementTimeoutMs(timeouts.queryMs),
    idle_in_transaction_session_timeout: timeouts.queryMs,
  });
  // An idle connection that dies (PostgreSQL restarted, backend terminated) is reported here;
  // without a listener Node ends the process. The pool drops it and connects anew when asked;
  // requests meanwhile get 503 (http/errors.ts).
  pool.on('error', onError);
  return pool;
}

/**
 * One connection for the migrations, with the connect limit only: a migration (an index on a big
 * table) and the wait for another process's migration lock may take longer than any request.
 */
export async function connectForMigrations(url: string, timeouts: TDatabaseTimeouts): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
  await client.connect();
  return client;
}
