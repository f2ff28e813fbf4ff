/**
 * Fair access to the embedded database under concurrency.
 *
 * PGlite is one PostgreSQL session running one statement at a time; kysely-pglite-dialect serialises access with one
 * shared "connection" and a FIFO of waiting acquirers, and a transaction holds that connection from `begin` to
 * `commit` (it must: another request's statement would otherwise run inside the transaction). FIFO per statement is
 * not fair per request, though: a request of three statements goes to the back of the line three times, so under load
 * the oldest requests keep waiting behind newer ones and the worst latency grows with the number of statements
 * (seen: p99 0.3–0.45 s, worst ≈ 5 s at 64 connections).
 *
 * This driver grants the connection to the waiter whose HTTP REQUEST started first (the request's start time is
 * carried in `dbQueuePriority`, set by the API's onRequest hook, server/http/api.ts), FIFO among equals and for work
 * outside a request (jobs, CLIs: the time of the call). A request admitted earlier finishes before later ones
 * start, so latency is bounded by the work queued ahead of it when it arrived, like a FIFO of requests.
 *
 * It also keeps the event loop turning. PGlite runs each statement synchronously on this thread (WebAssembly), and
 * libuv accepts ONE new connection per turn of the loop (libuv#3696, since 1.45): with every request read in a turn
 * running its statements in that same turn, a turn under load took 30–70 ms, so 64 clients connecting at once were
 * accepted over 1–2.5 s (the bench's worst latency on the embedded database, while p99 stayed under 80 ms). The driver
 * therefore holds the connection for at most TURN_BUDGET_MS of statements per turn; later statements wait, in the same
 * order, for the next turn (`setImmediate`, after the loop has polled: accepted a connection, read the sockets).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConnection, Driver, TransactionSettings } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';

/** The start time (performance.now()) of the request the current code works for. */
export const dbQueuePriority = new AsyncLocalStorage<number>();

let fairQueues = 0;

/**
 * Is an embedded database open in this process? The request hook carries priorities only then: an active
 * AsyncLocalStorage costs every promise a hook (measured ≈ 9 % of the CPU of a request on PostgreSQL).
 */
export function fairQueueInUse(): boolean {
  return fairQueues > 0;
}

interface Waiter {
  priority: number;
  seq: number;
  grant: (connection: DatabaseConnection) => void;
}

/** Earlier priority first, then arrival order. */
function before(a: Waiter, b: Waiter) {
  return a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq);
}

/** Statements run for at most this long per turn of the event loop before the next ones wait for the next turn. */
export const TURN_BUDGET_MS = 3;

class FairQueueDriver implements Driver {
  #inner: Driver;
  #connection: DatabaseConnection | undefined;
  #busy = false;
  /** when the current holder got the connection (performance.now()), while `#busy` */
  #heldSince = 0;
  #waiting: Waiter[] = [];
  #seq = 0;
  /** When the current turn's statements began (undefined: no statement yet this turn). */
  #turnStart: number | undefined;
  /** A grant is scheduled for the next turn. */
  #nextTurn = false;

  /** Starts the turn's clock with its first statement; `setImmediate` ends the turn once the loop moves on. */
  #inTurn(): boolean {
    const now = performance.now();
    if (this.#turnStart === undefined) {
      this.#turnStart = now;
      setImmediate(() => {
        this.#turnStart = undefined;
      });
      return true;
    }
    return now - this.#turnStart < TURN_BUDGET_MS;
  }

  /** Grants the connection to the oldest waiter in a later turn. */
  #grantNextTurn() {
    if (this.#nextTurn) return;
    this.#nextTurn = true;
    // Scheduled after this turn's check phase has run (a second setImmediate from inside one runs in the next turn).
    setImmediate(() =>
      setImmediate(() => {
        this.#nextTurn = false;
        if (this.#busy) return;
        const next = this.#waiting.shift();
        if (!next) return;
        this.#busy = true;
        this.#heldSince = performance.now();
        this.#inTurn();
        next.grant(this.#connection!);
      }),
    );
  }

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  /** callers waiting for the connection (load shedding reads it) */
  get waitingCount(): number {
    return this.#waiting.length;
  }

  /** how long the current holder has had the connection (ms; 0 when it is free): readiness reads it */
  get heldForMs(): number {
    return this.#busy ? performance.now() - this.#heldSince : 0;
  }

  async init() {
    await this.#inner.init();
    // the inner driver's single connection; it never queues because we hand it out one holder at a time
    this.#connection = await this.#inner.acquireConnection();
    fairQueues += 1;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = this.#connection;
    if (!connection) throw new Error('PGlite not initialized');
    if (!this.#busy && this.#waiting.length === 0 && this.#inTurn()) {
      this.#busy = true;
      this.#heldSince = performance.now();
      return connection;
    }
    return new Promise((grant) => {
      const waiter = { priority: dbQueuePriority.getStore() ?? performance.now(), seq: this.#seq++, grant };
      // sorted insert (the queue is short: at most the concurrent requests)
      let i = this.#waiting.length;
      while (i > 0 && before(waiter, this.#waiting[i - 1])) i -= 1;
      this.#waiting.splice(i, 0, waiter);
      if (!this.#busy) this.#grantNextTurn();
    });
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (connection !== this.#connection) throw new Error('Invalid connection');
    this.#busy = false;
    if (this.#waiting.length === 0) return;
    if (!this.#inTurn()) {
      this.#grantNextTurn();
      return;
    }
    this.#busy = true;
    this.#heldSince = performance.now();
    this.#waiting.shift()!.grant(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }

  async destroy() {
    if (this.#connection) fairQueues -= 1;
    const connection = this.#connection;
    this.#connection = undefined;
    if (connection) await this.#inner.releaseConnection(connection);
    await this.#inner.destroy();
  }
}

export class FairPGliteDialect extends PGliteDialect {
  #driver: FairQueueDriver | undefined;

  constructor(client: PGlite) {
    super(client);
  }

  override createDriver(): Driver {
    this.#driver = new FairQueueDriver(super.createDriver());
    return this.#driver;
  }

  /** callers waiting for the embedded database's one connection */
  waitingCount(): number {
    return this.#driver?.waitingCount ?? 0;
  }

  /** how long the one connection's current holder has had it (ms; 0 when free) */
  heldForMs(): number {
    return this.#driver?.heldForMs ?? 0;
  }
}
