/**
 * The server survives its database going away: a real PostgreSQL of the test's own (its own data
 * directory and port, never the machine's shared server) is restarted with `pg_ctl restart -m fast`, and the server's
 * backends are killed with `pg_terminate_backend` in the middle of transactions, while payment submits stream in.
 *
 * What a caller notices, and what is asserted:
 * - the process stays alive and answers `/healthz` throughout; it answers payments again within 10 s of PostgreSQL
 *   accepting connections, and `/readyz` (database and job queue) is ready again, with no manual step;
 * - a request that lost its connection gets 503 + Retry-After with `errorCode: "unavailable"` — never another 5xx;
 * - a retry with the same Idempotency-Key ends in one 201, and every payment answered 2xx is in the database exactly
 *   once (one payment group per key, one payment per invoice).
 *
 * Runs in the PostgreSQL half of the suite (`DATABASE_URL` set); it needs the PostgreSQL server binaries (initdb,
 * pg_ctl), which CI installs with the database.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../server/db/connect.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { postgresBinDir, startPgCluster, type PgCluster } from './helpers/pg-cluster.js';
import { startPortalProcess, type PortalProcess } from './helpers/portal-process.js';

const binDir = postgresBinDir();
const enabled = Boolean(process.env.DATABASE_URL) && (binDir !== undefined || process.env.CI === 'true');

interface Outcome {
  key: string;
  invoiceId: string;
  /** every status seen for this key, in order */
  statuses: number[];
  /** the paymentGroupId of the 2xx answer(s) */
  groupIds: string[];
  /** bodies and Retry-After of 5xx answers */
  failures: Array<{ status: number; errorCode?: string; retryAfter?: string }>;
}

describe.runIf(enabled)('a database restart and killed backends under a stream of payment submits', () => {
  let cluster: PgCluster;
  let server: PortalProcess;
  let baseUrl: string;
  let token: string;
  let handle: DbHandle;
  let payPath: string;
  let methodId: string;
  let paymentDate: string;
  const freeInvoices: string[] = [];

  const auth = () => ({ authorization: `ContactAccess ${token}` });

  async function submit(invoiceId: string, key: string): Promise<{ status: number; body: any; retryAfter?: string }> {
    const res = await fetch(`${baseUrl}${payPath}/paymentgroups`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ paymentMethodId: methodId, paymentDate, partialPayments: [], invoices: [invoiceId], epaVersion: DEMO_EPA['plastiq-cc'].version }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, retryAfter: res.headers.get('retry-after') ?? undefined };
  }

  /** Submits one invoice's payment, retrying with the same key after each 503 until it is answered otherwise. */
  async function payOnce(invoiceId: string, outcomes: Outcome[], onAnswer?: () => void): Promise<void> {
    const outcome: Outcome = { key: randomUUID(), invoiceId, statuses: [], groupIds: [], failures: [] };
    outcomes.push(outcome);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      let answer: Awaited<ReturnType<typeof submit>>;
      try {
        answer = await submit(invoiceId, outcome.key);
      } catch {
        // the connection to OUR server failed: that is a failure of the process, recorded as status 0
        if (server.exited !== undefined) throw new Error(`the server process exited; its stderr:\n${server.stderr.slice(-3000)}`);
        outcome.statuses.push(0);
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      outcome.statuses.push(answer.status);
      if (answer.status >= 200 && answer.status < 300) {
        outcome.groupIds.push(answer.body.paymentGroupId);
        onAnswer?.();
        return;
      }
      if (answer.status >= 500) {
        outcome.failures.push({ status: answer.status, errorCode: answer.body?.errorCode, retryAfter: answer.retryAfter });
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      return; // a refusal (4xx): recorded, not retried
    }
  }

  /** Runs `workers` parallel streams of payments until `until` resolves; returns every outcome. */
  async function stream(workers: number, until: Promise<unknown>): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let done = false;
    void until.finally(() => {
      done = true;
    });
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!done) {
          const invoiceId = freeInvoices.shift();
          if (!invoiceId) throw new Error('the test ran out of open invoices');
          await payOnce(invoiceId, outcomes);
        }
      }),
    );
    return outcomes;
  }

  /** The invariants of the issue over a set of outcomes, checked against the database. */
  async function expectExactlyOnce(outcomes: Outcome[]) {
    for (const outcome of outcomes) {
      // every submit ended in exactly one 201 (fresh, or the replay of a commit whose answer was lost)
      expect(outcome.statuses.at(-1), `key ${outcome.key}: ${outcome.statuses.join(',')}`).toBe(201);
      expect(new Set(outcome.groupIds).size).toBe(1);
      // our server never dropped a connection (status 0): only the database did
      expect(outcome.statuses).not.toContain(0);
      // every 5xx on the way was the documented 503
      for (const failure of outcome.failures) expect(failure).toEqual({ status: 503, errorCode: 'unavailable', retryAfter: expect.stringMatching(/^\d+$/) });
    }
    const invoiceIds = outcomes.map((o) => o.invoiceId);
    const payments = await handle.db
      .selectFrom('payments')
      .select(['invoiceId', 'paymentGroupId'])
      .where('invoiceId', 'in', invoiceIds)
      .execute();
    // one payment per invoice, in the group its 201 named
    expect(payments.length).toBe(invoiceIds.length);
    const byInvoice = new Map(payments.map((p) => [p.invoiceId, p.paymentGroupId]));
    for (const outcome of outcomes) expect(byInvoice.get(outcome.invoiceId)).toBe(outcome.groupIds[0]);
    const keys = await handle.db
      .selectFrom('idempotencyKeys')
      .select('idempotencyKey')
      .where('idempotencyKey', 'in', outcomes.map((o) => o.key))
      .execute();
    expect(keys.length).toBe(outcomes.length);
  }

  const expectAlive = () => {
    expect(server.exited, `the server exited; its stderr:\n${server.stderr.slice(-3000)}`).toBeUndefined();
    expect(server.stderr + server.stdout).not.toMatch(/Unhandled 'error' event|uncaughtException|UnhandledPromiseRejection|unhandled promise rejection|uncaught exception/i);
  };

  const status = (url: string) => server.status(url);

  beforeAll(async () => {
    cluster = await startPgCluster(binDir!);
    await cluster.createDatabase('portal');

    server = await startPortalProcess(cluster.url('portal'));
    baseUrl = server.baseUrl;
    token = server.token;

    handle = await createDb({ databaseUrl: cluster.url('portal'), poolSize: 2 });
    const { db } = handle;
    const contact = await db.selectFrom('contacts').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const card = await db
      .selectFrom('paymentMethods')
      .selectAll()
      .where('contactId', '=', contact.id)
      .where('name', '=', 'Visa Business')
      .executeTakeFirstOrThrow();
    methodId = card.id;
    payPath = `/api/vendors/${card.vendorId}/locations/${card.locationId}`;
    // open invoices of our own for the stream: copies of one of the location's open invoices
    const template = await db
      .selectFrom('invoices')
      .selectAll()
      .where('locationId', '=', card.locationId)
      .where('payable', '=', true)
      .where('deletedAt', 'is', null)
      .where('openAmountCents', '>', 0)
      .orderBy('displayInvNum')
      .executeTakeFirstOrThrow();
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
    const rows = Array.from({ length: 400 }, (_, i) => ({
      ...copy,
      externalId: `FAULT-${i}`,
      displayInvNum: `FAULT${String(i).padStart(4, '0')}`,
      extra: JSON.stringify(copy.extra) as never,
    }));
    const inserted = await db.insertInto('invoices').values(rows).returning('id').execute();
    freeInvoices.push(...inserted.map((r) => r.id));

    // the first payment date the location accepts by card (the server's own clock and calendar decide)
    const first = freeInvoices.shift()!;
    const today = new Date();
    for (let day = 0; day < 30 && !paymentDate; day += 1) {
      const candidate = new Date(today.getTime() + day * 86_400_000).toISOString().slice(0, 10);
      paymentDate = candidate;
      const answer = await submit(first, randomUUID());
      if (answer.status !== 201) paymentDate = '';
    }
    expect(paymentDate).not.toBe('');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await cluster?.destroy();
  }, 60_000);

  it('pg_ctl restart -m fast: the process lives, answers again within 10 s of PostgreSQL being back, every 2xx payment once', async () => {
    let answered = 0;
    let backAt = 0;
    const healthDuringOutage: number[] = [];
    const restart = (async () => {
      // let the stream get going, then restart under it
      while (answered < 10 && server.exited === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      const probing = (async () => {
        while (!backAt) {
          healthDuringOutage.push(await status('/healthz'));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      await cluster.restart();
      backAt = performance.now();
      await probing;
    })();

    const outcomes: Outcome[] = [];
    let firstAfterBack = 0;
    const workers = Array.from({ length: 4 }, async () => {
      // keep paying until some payments were answered after PostgreSQL came back
      for (;;) {
        const invoiceId = freeInvoices.shift();
        if (!invoiceId) throw new Error('the test ran out of open invoices');
        await payOnce(invoiceId, outcomes, () => {
          answered += 1;
          if (backAt && !firstAfterBack) firstAfterBack = performance.now();
        });
        if (backAt && firstAfterBack && performance.now() - firstAfterBack > 500) break;
      }
    });
    await Promise.all([restart, ...workers]);

    expectAlive();
    // liveness never needed the database
    expect(healthDuringOutage.length).toBeGreaterThan(0);
    expect(healthDuringOutage.every((s) => s === 200)).toBe(true);
    const recoveryMs = firstAfterBack - backAt;
    console.info(`restart: first 2xx payment ${Math.round(recoveryMs)} ms after PostgreSQL accepted connections again; ${outcomes.length} payments, ${outcomes.reduce((n, o) => n + o.failures.length, 0)} answers 503`);
    expect(recoveryMs).toBeLessThan(10_000);
    // the restart was felt: some request lost its connection and was answered 503 (else the test proved nothing)
    expect(outcomes.some((o) => o.failures.length > 0)).toBe(true);
    await expectExactlyOnce(outcomes);
    // readiness (its own connection, and the job queue's) is back too
    let ready = 0;
    for (let i = 0; i < 100 && ready !== 200; i += 1) {
      ready = await status('/readyz');
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(200);
  }, 180_000);

  it('pg_terminate_backend on the server’s backends mid-transaction: only those requests fail (503), every 2xx payment once', async () => {
    const admin = new pg.Client({ connectionString: cluster.url() });
    admin.on('error', () => undefined);
    await admin.connect();
    let killedInTransaction = 0;
    let killed = 0;
    const killing = (async () => {
      // until at least three backends were killed inside an open transaction (bounded: the test's timeout)
      while (killedInTransaction < 3 && server.exited === undefined) {
        const { rows } = await admin.query<{ state: string; ok: boolean }>(
          `select state, pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = 'portal' and application_name = 'pp-api' and state in ('idle in transaction', 'active')`,
        );
        killed += rows.filter((r) => r.ok).length;
        killedInTransaction += rows.filter((r) => r.ok && r.state === 'idle in transaction').length;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const outcomes = await stream(6, killing);
    await admin.end();

    expectAlive();
    expect(killed).toBeGreaterThanOrEqual(3);
    expect(outcomes.some((o) => o.failures.length > 0)).toBe(true);
    await expectExactlyOnce(outcomes);
    expect(await status('/readyz')).toBe(200);
    // and it goes on answering
    const after: Outcome[] = [];
    await payOnce(freeInvoices.shift()!, after);
    expect(after[0]!.statuses).toEqual([201]);
  }, 180_000);
});
