// @vitest-environment node
/**
 * Events out, as a vendor's receiver meets them: a real HTTP receiver on this machine, signatures verified with the
 * `standardwebhooks` library, an event written in the very transaction of the payment that causes it, retries on the
 * schedule until a 2xx (each event exactly once more after three 500s), a delivery that survives the process that
 * claimed it, an endpoint disabled after three days of failures, the event list with its cursor, redelivery, and
 * another vendor's key seeing none of it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { listen } from '../../server/cli/vendor.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { DISABLE_AFTER_MS, RETRY_SCHEDULE_MS, deliverDueWebhooks } from '../../server/jobs/webhooks.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { expectMatchesVendorContract } from './helpers/contract.js';
import { cancelScheduledGroups, createPaymentGroupOnce } from './helpers/use-cases.js';

const TODAY = Temporal.PlainDate.from('2026-12-02');
const NOON = new Date('2026-12-02T17:00:00Z'); // 12:00 in New York
const silent = { info() {}, warn() {}, error() {} };

let t: TestDb;
let app: FastifyInstance;
let config: ReturnType<typeof testConfig>;
let coastalKey: string;
let pfgKey: string;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering events of one type from a script of statuses (then 200; other types 200), keeping every request. */
async function receiver() {
  const received: Received[] = [];
  let script: number[] = [];
  let scripted = 'payment_group.scheduled';
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = (JSON.parse(body).type === scripted ? script.shift() : undefined) ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (statuses: number[], type = 'payment_group.scheduled') => {
      script = [...statuses];
      scripted = type;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(operationId: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: unknown) {
  const res = await app.inject({ method, url: `/vendor-api${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : undefined;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

const invoice = (num: string) => t.db.selectFrom('invoices').select(['id']).where('displayInvNum', '=', num).executeTakeFirstOrThrow();

/** A payment at Coastal's Blue Heron location, as the customer makes it. */
async function pay(invoiceNums: string[], key: string, partials: Array<{ num: string; newAmount: number }> = []) {
  const d = t.demo!;
  const method = await t.db.selectFrom('paymentMethods').select('id').where('locationId', '=', d.locations.coastalBlueHeron).where('name', '=', 'Operating Checking').executeTakeFirstOrThrow();
  const ids = await Promise.all(invoiceNums.map(async (n) => (await invoice(n)).id));
  const partialPayments = await Promise.all(partials.map(async (p) => ({ invoiceId: (await invoice(p.num)).id, amount: '0', newAmount: p.newAmount, reason: 'Damaged goods', notes: 'two cases crushed' })));
  const result = await createPaymentGroupOnce(t.db, {
    contactId: d.contactId,
    vendorId: d.vendors.coastal,
    locationId: d.locations.coastalBlueHeron,
    idempotencyKey: key,
    body: { paymentMethodId: method.id, paymentDate: '2026-12-03', partialPayments, invoices: ids, epaVersion: '1' },
    click2payRequestId: null,
    now: NOON,
  });
  expect(result.status).toBe(201);
  return result.body as { paymentGroupId: string };
}

const round = (now: Date) => deliverDueWebhooks({ db: t.db, key: config.webhookSecretsKey(), timeoutMs: 5_000, log: silent, now: () => now });
const later = (ms: number) => new Date(NOON.getTime() + ms);
const eventsCount = async () => Number((await t.db.selectFrom('webhookEvents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await createTestDb({ seed: true, today: TODAY });
  config = testConfig();
  app = await buildApp({ db: t.db, config, logger: false });
  await app.ready();
  const make = async (vendorId: string) => {
    const created = await createApiKey(t.db, vendorId, 'webhooks test');
    if (!created.ok) throw new Error('no key');
    return created.value.secret;
  };
  coastalKey = await make(t.demo!.vendors.coastal);
  pfgKey = await make(t.demo!.vendors.pfg);
});
afterAll(async () => {
  await app?.close();
  await t?.drop();
});

describe('webhooks', () => {
  let hook: Awaited<ReturnType<typeof receiver>>;
  let secret: string;
  let endpointId: string;

  beforeAll(async () => {
    hook = await receiver();
    const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', coastalKey, { url: hook.url, description: 'ERP' });
    expect(created.status).toBe(201);
    ({ secret } = created.body);
    endpointId = created.body.endpoint.id;
  });
  afterAll(() => hook.close());
  beforeEach(async () => {
    hook.received.length = 0;
    hook.answer([]);
    // nothing left over from the test before
    await t.db.updateTable('webhookDeliveries').set({ status: 'delivered' }).where('status', '=', 'pending').execute();
  });

  it('registers an endpoint: its secret is shown once and stored only sealed; only https (or http to localhost) is taken', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const row = await t.db.selectFrom('webhookEndpoints').selectAll().where('id', '=', endpointId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    for (const url of ['http://example.com/hooks', 'ftp://127.0.0.1/x', 'https://user:pw@example.com/x', 'not a url']) {
      const res = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', coastalKey, { url });
      expect(res.status, url).toBe(400);
    }
  });

  it('a payment writes its event in its own transaction; a refused payment writes none', async () => {
    const before = await eventsCount();
    await expect(
      createPaymentGroupOnce(t.db, {
        contactId: t.demo!.contactId, vendorId: t.demo!.vendors.coastal, locationId: t.demo!.locations.coastalBlueHeron, idempotencyKey: 'refused',
        body: { paymentMethodId: t.demo!.contactId, paymentDate: '2026-12-03', partialPayments: [], invoices: [(await invoice('CPC-10482')).id], epaVersion: '1' },
        click2payRequestId: null, now: NOON,
      }),
    ).rejects.toThrow();
    expect(await eventsCount()).toBe(before);
    await pay(['CPC-10482'], 'one');
    expect(await eventsCount()).toBe(before + 1);
  });

  it('the signed event verifies with standardwebhooks and carries the payment; a receiver answering 500 three times gets it exactly once more', async () => {
    const { paymentGroupId } = await pay(['CPC-10517', 'CPC-10539'], 'two', [{ num: 'CPC-10539', newAmount: 0 }]);
    hook.answer([500, 500, 500]);
    let clock = later(0);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await round(clock);
      clock = new Date(clock.getTime() + (RETRY_SCHEDULE_MS[attempt] ?? 0));
    }
    const scheduled = hook.received.filter((r) => JSON.parse(r.body).type === 'payment_group.scheduled');
    expect(scheduled).toHaveLength(4);
    expect(new Set(scheduled.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const wh = new Webhook(secret);
    for (const request of scheduled) {
      const payload = wh.verify(request.body, request.headers as Record<string, string>) as { data: { paymentGroup: Record<string, any> } };
      expect(payload.data.paymentGroup).toMatchObject({ id: paymentGroupId, status: 'scheduled', method: { type: 'ACH' }, paymentDate: '2026-12-03' });
      expect(payload.data.paymentGroup.lines.map((l: { displayInvNum: string; reason: string | null }) => [l.displayInvNum, l.reason])).toEqual(
        expect.arrayContaining([['CPC-10539', 'Damaged goods'], ['CPC-10517', null]]),
      );
    }
    // a forged signature does not verify
    expect(() => wh.verify(scheduled[0].body.replace('scheduled', 'canceled'), scheduled[0].headers as Record<string, string>)).toThrow();
    // the dispute is its own event
    expect(hook.received.map((r) => JSON.parse(r.body).type)).toContain('invoice.disputed');

    const attempts = await call('listWebhookAttempts', 'GET', `/webhook-endpoints/${endpointId}/attempts?limit=50`, coastalKey);
    const forEvent = attempts.body.attempts.filter((a: { type: string }) => a.type === 'payment_group.scheduled').slice(0, 4);
    expect(forEvent.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 500, 500, 500]);
    expect(forEvent[1].responseExcerpt).toBe('receiver says no');
    expect(forEvent[0].deliveryStatus).toBe('delivered');
  });

  it('a delivery claimed by a process that died is made by another once its lease runs out; one written while no process delivered goes out later', async () => {
    await pay(['CPC-10612'], 'three');
    // a process claims it and dies before sending: nothing arrives, the claim holds for a while
    const claimedAt = later(60 * 60_000);
    await t.db.updateTable('webhookDeliveries').set({ leaseUntil: new Date(claimedAt.getTime() + 35_000) }).where('status', '=', 'pending').execute();
    await round(new Date(claimedAt.getTime() + 1_000));
    expect(hook.received).toHaveLength(0);
    await round(new Date(claimedAt.getTime() + 40_000));
    expect(hook.received.map((r) => JSON.parse(r.body).type)).toEqual(['payment_group.scheduled']);
  });

  it('the event list pages with its cursor; redelivery sends the same webhook-id again', async () => {
    const first = await call('listEvents', 'GET', '/events?limit=2', coastalKey);
    expect(first.body.events).toHaveLength(2);
    const rest = await call('listEvents', 'GET', `/events?after=${first.body.nextCursor}&limit=1000`, coastalKey);
    const all = [...first.body.events, ...rest.body.events];
    expect(all.map((e: { cursor: string }) => BigInt(e.cursor))).toEqual([...all.map((e: { cursor: string }) => BigInt(e.cursor))].sort((a, b) => (a < b ? -1 : 1)));
    const event = all.find((e: { type: string }) => e.type === 'payment_group.scheduled');
    const redelivered = await call('redeliverEvent', 'POST', `/events/${event.id}/redeliver`, coastalKey, {});
    expect(redelivered).toMatchObject({ status: 202, body: { deliveries: 1 } });
    await round(later(2 * 60 * 60_000));
    // one id: the webhook's `webhook-id` IS the polled event's `id` (a vendor doing both de-duplicates by it)
    expect(hook.received.map((r) => r.headers['webhook-id'])).toEqual([event.id]);
    expect((await call('getEvent', 'GET', `/events/${event.id}`, coastalKey)).body.webhookId).toBe(event.id);
  });

  it('an endpoint takes only its event types', async () => {
    const other = await receiver();
    const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', coastalKey, { url: other.url, eventTypes: ['invoice.short_paid'] });
    await pay(['CPC-10590'], 'four');
    await round(later(3 * 60 * 60_000));
    expect(other.received).toHaveLength(0);
    expect(hook.received.map((r) => JSON.parse(r.body).type)).toEqual(['payment_group.scheduled']);
    await call('deleteWebhookEndpoint', 'DELETE', `/webhook-endpoints/${created.body.endpoint.id}`, coastalKey);
    await other.close();
  });

  it('an endpoint that fails for three days is disabled, and re-enabled by the vendor', async () => {
    const failing = await receiver();
    const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', coastalKey, { url: failing.url });
    const id = created.body.endpoint.id;
    failing.answer(Array(20).fill(503));
    await pay(['CPC-10488-REBILL-2'], 'five');
    let clock = later(4 * 60 * 60_000);
    const start = clock.getTime();
    while (clock.getTime() - start <= DISABLE_AFTER_MS + 30 * 60 * 60_000) {
      await round(clock);
      clock = new Date(clock.getTime() + 60 * 60_000);
    }
    const endpoint = await call('getWebhookEndpoint', 'GET', `/webhook-endpoints/${id}`, coastalKey);
    expect(endpoint.body).toMatchObject({ enabled: false, disabledReason: 'every delivery failed for 3 days' });
    expect(failing.received.length).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS.length - 1);
    const enabled = await call('updateWebhookEndpoint', 'PATCH', `/webhook-endpoints/${id}`, coastalKey, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await call('deleteWebhookEndpoint', 'DELETE', `/webhook-endpoints/${id}`, coastalKey);
    await failing.close();
  });

  it('another vendor’s key sees none of the endpoints and events', async () => {
    expect((await call('getWebhookEndpoint', 'GET', `/webhook-endpoints/${endpointId}`, pfgKey)).status).toBe(404);
    expect((await call('updateWebhookEndpoint', 'PATCH', `/webhook-endpoints/${endpointId}`, pfgKey, { enabled: false })).status).toBe(404);
    expect((await call('deleteWebhookEndpoint', 'DELETE', `/webhook-endpoints/${endpointId}`, pfgKey)).status).toBe(404);
    expect((await call('listWebhookAttempts', 'GET', `/webhook-endpoints/${endpointId}/attempts`, pfgKey)).status).toBe(404);
    const coastalEvent = (await call('listEvents', 'GET', '/events?limit=1', coastalKey)).body.events[0];
    expect((await call('getEvent', 'GET', `/events/${coastalEvent.id}`, pfgKey)).status).toBe(404);
    expect((await call('redeliverEvent', 'POST', `/events/${coastalEvent.id}/redeliver`, pfgKey, {})).status).toBe(404);
    expect((await call('listWebhookEndpoints', 'GET', '/webhook-endpoints', pfgKey)).body.endpoints).toEqual([]);
    const pfgEvents = (await call('listEvents', 'GET', '/events?limit=1000', pfgKey)).body.events;
    expect(pfgEvents.map((e: { id: string }) => e.id)).not.toContain(coastalEvent.id);
  });
});

describe('npm run vendor -- listen', () => {
  it('verifies and prints a delivered event; a forged one is answered 400', async () => {
    const lines: string[] = [];
    const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', pfgKey, { url: 'http://127.0.0.1:9/placeholder', eventTypes: ['payment_group.canceled'] });
    const receiver = await listen({ port: 0, secret: created.body.secret, print: (line) => lines.push(line) });
    try {
      await call('updateWebhookEndpoint', 'PATCH', `/webhook-endpoints/${created.body.endpoint.id}`, pfgKey, { url: `http://127.0.0.1:${receiver.port}/` });
      // the demo's AutoPay turned off cancels its scheduled payment: an event of vendor pfg
      const group = await t.db.selectFrom('paymentGroups').select(['id', 'contactId', 'locationId', 'confirmationNumber']).where('vendorId', '=', t.demo!.vendors.pfg).where('status', '=', 'scheduled').executeTakeFirstOrThrow();
      await t.db.transaction().execute((trx) => cancelScheduledGroups(trx, { contactId: group.contactId, vendorId: t.demo!.vendors.pfg, locationId: group.locationId }, [group.id], { kind: 'autopay-off' }, NOON));
      await round(later(10 * 24 * 60 * 60_000));
      expect(lines[0]).toMatch(/^✓ payment_group\.canceled {2}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} {2}\(signature verified\)$/);
      expect(lines[1]).toContain(group.confirmationNumber);
      const forged = await fetch(`http://127.0.0.1:${receiver.port}/`, {
        method: 'POST',
        headers: { 'webhook-id': 'evt_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
        body: '{"type":"payment_group.canceled","data":{}}',
      });
      expect(forged.status).toBe(400);
      expect(lines.at(-1)).toContain('✗ evt_forged');
    } finally {
      await receiver.close();
    }
  });
});
