// @vitest-environment node
/**
 * A rolling restart (docs/operating.md, "Rolling restarts"): two portal processes on one PostgreSQL database behind one
 * address — a round-robin proxy in this test that sends each request to a process whose `/readyz` answered 200 at its
 * last poll (every 100 ms) and retries nothing itself (an upstream error is its 502, as nginx's). Customers read
 * (invoice list, payment report, vendors) and pay (POST with an Idempotency-Key, the same key again after a connection
 * error, a proxy 502 or a 503, as the contract allows) through it while process A is restarted (SIGTERM, its exit,
 * a new one on the same port, its readiness), then process B.
 *
 * Asserted: every request ends in a definitive answer after at most a few retries; every 5xx a process sent is the
 * documented 503 with Retry-After; the stopped processes exit 0; traffic reached the new processes; each key that got
 * a 201 is one payment group and each paid invoice one payment (rows), as many groups as keys answered 201; and after a
 * settlement run every group is complete with exactly one charge in the sandbox processor's own ledger.
 *
 * Runs in the PostgreSQL half of the suite (a database of its own on DATABASE_URL's server).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { paymentsDb } from '../../server/payments-service/schema.js';
import { DEMO_EPA } from '../../server/seed/demo.js';
import { freePort } from './helpers/pg-cluster.js';
import { startPortalProcess, type PortalProcess } from './helpers/portal-process.js';

const enabled = Boolean(process.env.DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds, polling every 25 ms; fails after `timeoutMs` (generous: a loaded 2-core machine). */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const from = performance.now();
  while (!(await check())) {
    if (performance.now() - from > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
  return performance.now() - from;
}

interface Backend {
  port: number;
  /** the last `/readyz` poll answered 200 */
  ready: boolean;
  /** the last poll's status (0: no answer) and when it was sent */
  lastStatus: number;
  lastPollAt: number;
  /** requests the proxy sent it */
  served: number;
}

/** hop-by-hop headers a proxy does not pass on (RFC 9110 §7.6.1) */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const endToEnd = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** The one address: round robin over the backends whose last readiness poll said 200; no retries of its own. */
async function startProxy(backends: Backend[]) {
  let polling = true;
  const probe = (backend: Backend) =>
    new Promise<number>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port: backend.port, path: '/readyz', agent: false, timeout: 5_000 }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(0));
    });
  const pollers = backends.map(async (backend) => {
    while (polling) {
      const at = performance.now();
      const status = await probe(backend);
      backend.lastStatus = status;
      backend.lastPollAt = at;
      backend.ready = status === 200;
      await sleep(100);
    }
  });
  // connections to the backends are kept alive and reused, as a proxy's upstream pool does
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const upstreamErrors: string[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    const ready = backends.filter((b) => b.ready);
    if (ready.length === 0) {
      response.writeHead(502, { 'x-proxy-error': 'no ready backend' }).end();
      return;
    }
    const backend = ready[next++ % ready.length]!;
    backend.served += 1;
    const upstream = http.request(
      { host: '127.0.0.1', port: backend.port, method: request.method, path: request.url, headers: endToEnd(request.headers), agent },
      (answer) => {
        response.writeHead(answer.statusCode!, endToEnd(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      upstreamErrors.push(`${backend.port} ${request.method} ${request.url}: ${error.message}`);
      if (!response.headersSent) response.writeHead(502, { 'x-proxy-error': error.message }).end();
      else response.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upstreamErrors,
    async close() {
      polling = false;
      await Promise.all(pollers);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(enabled)('a rolling restart of two processes behind one address', () => {
  let t: TestDb;
  // the sandbox takes 50 ms per charge: long enough that a settlement run is under way across the restarts, short enough
  // that it ends within the 20 s a SIGTERM waits for running jobs
  const env = { JOBS_POLL_MS: '500', SHUTDOWN_DRAIN_MS: '2000', SANDBOX_CHARGE_DELAY_MS: '50' };
  const processes: PortalProcess[] = [];
  const stopped: PortalProcess[] = [];
  const figures: string[] = [];

  beforeAll(async () => {
    // an empty database: the first process migrates it and loads the demo data, as a first deployment does
    t = await createTestDb({ migrate: false });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...processes, ...stopped].map((p) => p.stop().catch(() => undefined)));
    await t?.drop();
    figures.forEach((line) => console.info(line));
  }, 120_000);

  it('SIGTERM, drain, start, one process at a time: every request answered, every payment once', async () => {
    const ports = [await freePort(), await freePort()];
    processes.push(await startPortalProcess(t.databaseUrl!, env, { port: ports[0] }));
    processes.push(await startPortalProcess(t.databaseUrl!, env, { port: ports[1] }));
    const backends: Backend[] = ports.map((port) => ({ port, ready: false, served: 0, lastStatus: 0, lastPollAt: 0 }));
    const proxy = await startProxy(backends);
    try {
      await waitFor('both processes ready', () => backends.every((b) => b.ready), 240_000);
      const token = processes[0]!.token;

      // what customers pay: copies of an open invoice of the demo card's location
      const { db } = t;
      const contact = await db.selectFrom('contacts').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
      const card = await db.selectFrom('paymentMethods').selectAll().where('contactId', '=', contact.id).where('name', '=', 'Visa Business').executeTakeFirstOrThrow();
      const payPath = `/api/vendors/${card.vendorId}/locations/${card.locationId}`;
      const template = await db
        .selectFrom('invoices').selectAll()
        .where('locationId', '=', card.locationId).where('payable', '=', true).where('deletedAt', 'is', null).where('openAmountCents', '>', 0)
        .orderBy('displayInvNum').executeTakeFirstOrThrow();
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
      const rows = Array.from({ length: 1500 }, (_, i) => ({ ...copy, externalId: `ROLL-${i}`, displayInvNum: `ROL${String(i).padStart(4, '0')}`, extra: JSON.stringify(copy.extra) as never }));
      const freeInvoices = (await db.insertInto('invoices').values(rows).returning('id').execute()).map((r) => r.id);
      const testInvoices = [...freeInvoices];

      type Answer = { kind: 'answer'; status: number; body: any; headers: Headers; fromProxy: boolean } | { kind: 'error'; message: string };
      const send = async (method: 'GET' | 'POST', url: string, init: { key?: string; body?: unknown } = {}): Promise<Answer> => {
        try {
          const response = await fetch(`${proxy.url}${url}`, {
            method,
            headers: {
              authorization: `ContactAccess ${token}`,
              ...(init.body ? { 'content-type': 'application/json' } : {}),
              ...(init.key ? { 'idempotency-key': init.key } : {}),
            },
            body: init.body ? JSON.stringify(init.body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
          const text = await response.text();
          let body: any = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          return { kind: 'answer', status: response.status, body, headers: response.headers, fromProxy: response.headers.has('x-proxy-error') };
        } catch (error) {
          return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
        }
      };
      const paymentBody = (invoiceId: string, paymentDate: string) => ({
        paymentMethodId: card.id, paymentDate, partialPayments: [], invoices: [invoiceId], epaVersion: DEMO_EPA['plastiq-cc'].version,
      });

      // the first payment date the card takes (today, unless the vendor's cut-off has passed)
      let paymentDate = '';
      for (let day = 0; day < 30 && !paymentDate; day += 1) {
        const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
        const answer = await send('POST', `${payPath}/paymentgroups`, { key: randomUUID(), body: paymentBody(freeInvoices[0]!, date) });
        if (answer.kind === 'answer' && answer.status === 201) {
          paymentDate = date;
          freeInvoices.shift();
        }
      }
      expect(paymentDate).not.toBe('');

      /** Each request of the stream: what it was, every answer it got (status, or `conn`/`proxy` for no answer from a process). */
      interface Outcome {
        what: string;
        key?: string;
        attempts: string[];
        final?: number;
        groupId?: string;
        replayed?: boolean;
      }
      const outcomes: Outcome[] = [];
      /** 5xx answers the processes sent, to be checked: only the documented 503 with Retry-After */
      const serverErrors: Array<{ what: string; status: number; retryAfter: string | null; errorCode?: string }> = [];
      const MAX_ATTEMPTS = 8;

      const request = async (what: string, method: 'GET' | 'POST', url: string, init: { key?: string; body?: unknown } = {}) => {
        const outcome: Outcome = { what, key: init.key, attempts: [] };
        outcomes.push(outcome);
        for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
          const answer = await send(method, url, init);
          if (answer.kind === 'error') {
            outcome.attempts.push('conn');
          } else if (answer.fromProxy) {
            outcome.attempts.push('proxy');
          } else {
            outcome.attempts.push(String(answer.status));
            if (answer.status >= 500) serverErrors.push({ what, status: answer.status, retryAfter: answer.headers.get('retry-after'), errorCode: answer.body?.errorCode });
            if (answer.status !== 503) {
              outcome.final = answer.status;
              if (answer.status === 201) {
                outcome.groupId = answer.body.paymentGroupId;
                outcome.replayed = answer.headers.get('idempotent-replayed') === 'true';
              }
              return outcome;
            }
          }
          // no answer, or 503: the same request again (for a payment, with the same key), backing off 100 ms … 6.4 s
          await sleep(100 * 2 ** attempt);
        }
        return outcome;
      };

      let streaming = true;
      /** payments sent and not yet answered; what it was at each SIGTERM */
      let paymentsInFlight = 0;
      const inFlightAtSignal: number[] = [];
      const paid = () => outcomes.filter((o) => o.what === 'pay' && o.final === 201).length;
      // two payers, each paying again 150 ms after its answer; each SIGTERM waits for a payment in flight (below). Every
      // group due today is charged by the settlement the processes run (at a start, by whichever process takes the job,
      // which a SIGTERM then waits for), so the rate sets how long those runs and the test take.
      const payers = [0, 1].map(async () => {
        while (streaming) {
          const invoiceId = freeInvoices.shift();
          if (!invoiceId) throw new Error('the test ran out of open invoices');
          paymentsInFlight += 1;
          try {
            await request('pay', 'POST', `${payPath}/paymentgroups`, { key: randomUUID(), body: paymentBody(invoiceId, paymentDate) });
          } finally {
            paymentsInFlight -= 1;
          }
          await sleep(150);
        }
      });
      const readPaths = [`${payPath}/invoices`, `${payPath}/paymentgroups`, '/api/vendors'];
      const readers = [0, 1].map(async (reader) => {
        for (let i = reader; streaming; i += 1) {
          await request('read', 'GET', readPaths[i % readPaths.length]!);
          await sleep(10);
        }
      });

      const stream = (async () => {
        try {
          await waitFor('payments before the restart', () => paid() >= 20);
          for (const slot of [0, 1]) {
            const old = processes[slot]!;
            const backend = backends[slot]!;
            // the signal meets a payment under way (the drain must finish it, or answer it 503)
            let inFlight = 0;
            await waitFor(`a payment in flight before process ${slot}'s SIGTERM`, () => (inFlight = paymentsInFlight) > 0);
            const signalled = performance.now();
            inFlightAtSignal.push(inFlight);
            const exited = old.stop(); // SIGTERM, resolves at its exit
            // the first poll sent after the signal that did not answer 200: the drain's 503 (not a closed port)
            const notReadyAfter = await waitFor(`process ${slot} reported not ready`, () => backend.lastPollAt > signalled && backend.lastStatus !== 200);
            expect(backend.lastStatus).toBe(503);
            await exited;
            const exitAfter = performance.now() - signalled;
            stopped.push(old);
            expect(old.exited, old.stderr.slice(-3000)).toBe(0);
            const starting = performance.now();
            processes[slot] = await startPortalProcess(t.databaseUrl!, env, { port: backend.port });
            await waitFor(`the new process ${slot} ready`, () => backend.ready, 240_000);
            const readyAfter = performance.now() - starting;
            const servedBefore = backend.served;
            await waitFor(`the new process ${slot} serving`, () => backend.served >= servedBefore + 20);
            figures.push(
              `process ${slot === 0 ? 'A' : 'B'}: SIGTERM → proxy saw /readyz 503 in ${Math.round(notReadyAfter)} ms, → exit 0 in ${Math.round(exitAfter)} ms; ` +
                `new process ready (proxy's poll) ${Math.round(readyAfter)} ms after its start`,
            );
          }
          const total = paid();
          await waitFor('payments after the restarts', () => paid() >= total + 20);
        } finally {
          streaming = false;
        }
      })();
      const started = performance.now();
      await Promise.all([stream, ...payers, ...readers]);
      const streamMs = performance.now() - started;

      // each restart met a payment under way
      expect(inFlightAtSignal.filter((n) => n === 0), `payments in flight at each SIGTERM: ${inFlightAtSignal.join(', ')}`).toEqual([]);
      // every request definitively answered, after at most a few retries
      const unanswered = outcomes.filter((o) => o.final === undefined);
      expect(unanswered, JSON.stringify(unanswered.slice(0, 5))).toEqual([]);
      const reads = outcomes.filter((o) => o.what === 'read');
      const pays = outcomes.filter((o) => o.what === 'pay');
      expect(reads.filter((o) => o.final !== 200)).toEqual([]);
      expect(pays.filter((o) => o.final !== 201)).toEqual([]);
      for (const failure of serverErrors) expect(failure).toEqual({ what: expect.any(String), status: 503, retryAfter: expect.stringMatching(/^\d+$/), errorCode: 'unavailable' });
      const retried = outcomes.filter((o) => o.attempts.length > 1);
      const maxAttempts = Math.max(...outcomes.map((o) => o.attempts.length));
      expect(maxAttempts).toBeLessThan(MAX_ATTEMPTS);
      for (const p of processes) expect(p.stdout + p.stderr).not.toMatch(/unhandled promise rejection|uncaught exception|UnhandledPromiseRejection/i);
      for (const p of stopped) expect(p.stdout + p.stderr).not.toMatch(/unhandled promise rejection|uncaught exception|UnhandledPromiseRejection|shutdown failed|shutdown took too long/i);

      // exactly once in our rows: one group per key answered 201, one payment per paid invoice
      const keys = new Set(pays.map((o) => o.key!));
      expect(keys.size).toBe(pays.length);
      const groupIds = new Set(pays.map((o) => o.groupId!));
      expect(groupIds.size).toBe(pays.length);
      const payments = await db.selectFrom('payments').select(['invoiceId', 'paymentGroupId']).where('invoiceId', 'in', testInvoices).execute();
      const groupsOfTest = new Set(payments.map((p) => p.paymentGroupId));
      expect(groupsOfTest.size).toBe(pays.length + 1); // + the first, which found the payment date
      expect(new Set(payments.map((p) => p.invoiceId)).size).toBe(payments.length);
      for (const id of groupIds) expect(groupsOfTest.has(id), id).toBe(true);
      const stored = await db.selectFrom('idempotencyKeys').select('idempotencyKey').where('contactId', '=', contact.id).where('idempotencyKey', 'in', [...keys]).execute();
      expect(stored.length).toBe(keys.size);

      // and at the processor: the processes' settlement charged some groups while they were restarted (a catch-up run
      // at each start). Stop the new processes too (their running settlement finishes first), charge the rest here,
      // then each group has exactly one charge in the sandbox's own ledger.
      const last = processes.splice(0);
      await Promise.all(last.map((p) => p.stop()));
      stopped.push(...last);
      for (const p of last) expect(p.exited, p.stderr.slice(-3000)).toBe(0);
      // run it until it charges nothing more (a run used to take only the first 500 due groups, the demo's among them,
      // and a long stream left 134 'scheduled' so once; settlement now reads them all, in pages)
      for (let run = 0; run < 20; run += 1) {
        const settled = await settleDuePaymentGroups(db, { now: new Date(`${paymentDate}T17:00:00Z`) });
        if (settled.settledGroupIds.length + settled.declinedGroupIds.length === 0) break;
      }
      const groups = await db.selectFrom('paymentGroups').select(['id', 'status']).where('id', 'in', [...groupsOfTest]).execute();
      expect(groups.filter((g) => g.status !== 'complete')).toEqual([]);
      const ledger = (await paymentsDb(db).selectFrom('sandboxCharges').select('idempotencyKey').execute()).map((r) => r.idempotencyKey);
      const chargesPerGroup = [...groupsOfTest].map((id) => ledger.filter((k) => k.startsWith(`pg_${id}_`)).length);
      expect(chargesPerGroup.filter((n) => n !== 1)).toEqual([]);

      const count = (label: string) => outcomes.flatMap((o) => o.attempts).filter((a) => a === label).length;
      figures.push(
        `rolling restart: ${Math.round(streamMs / 1000)} s of traffic, ${reads.length} reads and ${pays.length} payments through the proxy ` +
          `(${pays.filter((o) => o.replayed).length} answered as replays); ${retried.length} requests retried (at most ${maxAttempts} attempts): ` +
          `${count('conn')} connection errors, ${count('proxy')} proxy 502s, ${count('503')} answers 503; upstream errors at the proxy ${proxy.upstreamErrors.length}; ` +
          `${chargesPerGroup.length} groups, each charged once; payments in flight at the SIGTERMs: ${inFlightAtSignal.join(', ')}`,
      );
    } finally {
      await proxy.close();
    }
  }, 600_000);
});
