/**
 * node-postgres pools that survive a lost database connection, and the rule that tells a lost database from a bug.
 *
 * A connection can be lost at any moment: a restart (`pg_ctl restart -m fast` sends 57P01 to every backend), a
 * failover, `pg_terminate_backend`, a network cut. node-postgres reports it as an `'error'` event on the Client, and
 * an `'error'` event without a listener is an uncaught exception that ends the process. pg-pool listens on IDLE
 * clients only: it removes its listener while a client is checked out, which is exactly when a transaction holds
 * one (between its statements, while our code awaits something else). So every client gets a listener of its own
 * for its whole life (`'connect'`), and the pool one for idle clients. A client that saw an error is not queryable
 * any more: the statement that was running (or the next one) fails, the request that used it answers 503, and
 * pg-pool drops the client when it is released (`_queryable` is false); the next checkout opens a new connection.
 */
import pg from 'pg';

export interface PgPoolOptions {
  connectionString?: string;
  host?: string;
  port?: number;
  user?: string;
  database?: string;
  max: number;
  /** value types (see connect.ts `pgTypes`) */
  types?: pg.CustomTypesConfig;
  /** how long a caller waits for a connection (a free one, or a new one being opened); 0: forever */
  acquireTimeoutMs?: number;
  /** PostgreSQL `statement_timeout` of every connection; 0: none */
  statementTimeoutMs?: number;
  /**
   * Client-side bound of a query (ms; default: statementTimeoutMs + 5 s when that is set): a connection cut without a
   * reset (a network partition) would otherwise wait for TCP's retransmissions, minutes, with the server unable to
   * answer its own statement_timeout.
   */
  queryTimeoutMs?: number;
  /** PostgreSQL `idle_in_transaction_session_timeout`: a transaction left open this long is ended by the server */
  idleInTransactionTimeoutMs?: number;
  application_name?: string;
  /** close a connection idle this long (ms); default node-postgres' 10 s */
  idleTimeoutMs?: number;
  /** told of each lost connection (logging); never throws */
  onConnectionLost?: (error: Error & { code?: string }) => void;
}

export function createPgPool(options: PgPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    host: options.host,
    port: options.port,
    user: options.user,
    database: options.database,
    max: options.max,
    types: options.types,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 0,
    statement_timeout: options.statementTimeoutMs || undefined,
    query_timeout: options.queryTimeoutMs ?? (options.statementTimeoutMs ? options.statementTimeoutMs + 5_000 : undefined),
    // TCP keep-alive: a dead peer on an idle connection is noticed, not waited for
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs || undefined,
    application_name: options.application_name,
    idleTimeoutMillis: options.idleTimeoutMs,
  });
  const lost = (error: Error & { code?: string }) => {
    try {
      options.onConnectionLost?.(error);
    } catch {
      // a logger must not turn a lost connection into a crash
    }
  };
  // every client, idle or checked out (inside a transaction): the running or next statement fails, the pool drops it
  // on release. (The pool's own 'error' event repeats an idle client's error: it needs a listener, not a second report.)
  pool.on('connect', (client) => client.on('error', lost));
  pool.on('error', () => undefined);
  return pool;
}

/** SQLSTATE classes and codes that mean "the database is not there right now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command (restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down / in recovery
  '57014', // query_canceled: statement_timeout (or a cancel request)
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);

/** Node's socket errors when the server is unreachable or the connection breaks. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTCONN', 'EAI_AGAIN']);

/** node-postgres / pg-pool messages for a lost or unobtainable connection (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // 'Connection terminated unexpectedly', 'Connection terminated due to connection timeout'
  /^timeout exceeded when trying to connect$/, // pg-pool: acquisition timeout
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Query read timeout$/,
  /^terminating connection/,
  /^the database system is (starting up|shutting down|in recovery mode)/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Is `error` a lost or unavailable database (answer 503 and let the caller retry), rather than a refusal or a bug?
 * Looks through `cause` chains (Kysely and our code may wrap).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as any, depth = 0; e && depth < 5; e = e.cause, depth += 1) {
    if (typeof e !== 'object') return false;
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || code.startsWith('08'))) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner: unknown) => isDatabaseUnavailable(inner))) return true; // AggregateError (connect to several addresses)
  }
  return false;
}

/**
 * Is `error` a database wait that ran out (a statement past `statement_timeout`, a caller that waited too long for a
 * pool connection, a query past its client-side bound)? A subset of `isDatabaseUnavailable`: the metrics count it as a
 * timed-out request.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  for (let e = error as any, depth = 0; e && depth < 5; e = e.cause, depth += 1) {
    if (typeof e !== 'object') return false;
    if (e.code === '57014') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/^timeout exceeded when trying to connect$|^Query read timeout$|^Connection terminated due to connection timeout/.test(message)) return true;
  }
  return false;
}
