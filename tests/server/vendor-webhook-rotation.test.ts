// @vitest-environment node
/**
 * Rotating a webhook endpoint's signing secret without a failed verification: during the overlap every delivery to a
 * real HTTP receiver carries two Standard Webhooks signatures (new and old secret), so a receiver verifying with
 * either accepts it; after the overlap (or with none) only the new secret signs. And `GET /events?type=` with several
 * types.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { testConfig } from '../../server/config.js';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { deliverDueWebhooks } from '../../server/jobs/webhooks.js';
import { recordEvent } from '../../server/use-cases/vendor-events.js';
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

const silent = { info() {}, warn() {}, error() {} };
let t: TestDb;
let app: FastifyInstance;
let config: ReturnType<typeof testConfig>;
let key: string;
let server: Server;
let url: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

async function call(operationId: string, method: 'GET' | 'POST', path: string, payload?: unknown) {
  const res = await app.inject({ method, url: `/vendor-api${path}`, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = res.body ? res.json() : undefined;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body };
}

beforeAll(async () => {
  t = await createTestDb({ seed: true });
  config = testConfig();
  app = await buildApp({ db: t.db, config, logger: false });
  await app.ready();
  const created = await createApiKey(t.db, t.demo!.vendors.pfg, 'rotation');
  if (!created.ok) throw new Error('no key');
  key = created.value.secret;
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await app?.close();
  await t?.drop();
});

/** One event of the vendor, delivered to the receiver (the worker's round, at `now`): what the receiver got. */
async function deliverOne(now = new Date()) {
  const before = received.length;
  await t.db.transaction().execute((trx) => recordEvent(trx, t.demo!.vendors.pfg, 'reminder.added', { note: `at ${now.toISOString()}` }, now));
  await deliverDueWebhooks({ db: t.db, key: config.webhookSecretsKey(), timeoutMs: 5_000, log: silent, now: () => now });
  expect(received.length).toBe(before + 1);
  return received[received.length - 1];
}

const verifies = (secret: string, delivery: { headers: IncomingHttpHeaders; body: string }) => {
  try {
    new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};
const signatures = (delivery: { headers: IncomingHttpHeaders }) => String(delivery.headers['webhook-signature']).split(' ');

describe('rotating an endpoint’s signing secret', () => {
  it('during the overlap both secrets verify every delivery; after it, and with no overlap, only the new one', async () => {
    const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { url });
    expect(created.body.endpoint.previousSecretExpiresAt).toBeNull();
    const first = created.body.secret as string;
    const endpointId = created.body.endpoint.id as string;
    expect(verifies(first, await deliverOne())).toBe(true);

    const rotated = await call('rotateWebhookSecret', 'POST', `/webhook-endpoints/${endpointId}/rotate-secret`, { overlapHours: 2 });
    expect(rotated.status).toBe(200);
    const second = rotated.body.secret as string;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    const until = new Date(rotated.body.endpoint.previousSecretExpiresAt).getTime();
    expect(Math.abs(until - (Date.now() + 2 * 3_600_000))).toBeLessThan(60_000);
    expect((await call('getWebhookEndpoint', 'GET', `/webhook-endpoints/${endpointId}`)).body.previousSecretExpiresAt).toBe(rotated.body.endpoint.previousSecretExpiresAt);

    // the overlap: a receiver still on the old secret and one already on the new verify the same delivery
    const during = await deliverOne();
    expect(signatures(during)).toHaveLength(2);
    expect(verifies(first, during)).toBe(true);
    expect(verifies(second, during)).toBe(true);

    // after the overlap only the new secret signs
    const after = await deliverOne(new Date(until + 60_000));
    expect(signatures(after)).toHaveLength(1);
    expect(verifies(second, after)).toBe(true);
    expect(verifies(first, after)).toBe(false);

    // no overlap: the old secret stops at once
    const abrupt = await call('rotateWebhookSecret', 'POST', `/webhook-endpoints/${endpointId}/rotate-secret`, { overlapHours: 0 });
    expect(abrupt.body.endpoint.previousSecretExpiresAt).toBeNull();
    const third = abrupt.body.secret as string;
    const now = await deliverOne();
    expect(signatures(now)).toHaveLength(1);
    expect(verifies(third, now)).toBe(true);
    expect(verifies(second, now)).toBe(false);
  });

  it('the default overlap is 24 hours; an unknown endpoint is 404; a bad overlap is 400 naming it', async () => {
    const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { url: 'https://hooks.example/default' });
    const rotated = await call('rotateWebhookSecret', 'POST', `/webhook-endpoints/${created.body.endpoint.id}/rotate-secret`);
    expect(Math.abs(new Date(rotated.body.endpoint.previousSecretExpiresAt).getTime() - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    const missing = await call('rotateWebhookSecret', 'POST', '/webhook-endpoints/00000000-0000-4000-8000-000000000000/rotate-secret', {});
    expect(missing.status).toBe(404);
    const bad = await call('rotateWebhookSecret', 'POST', `/webhook-endpoints/${created.body.endpoint.id}/rotate-secret`, { overlapHours: 169 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('overlapHours');
  });
});

describe('events of several types', () => {
  it('GET /events?type=A&type=B answers the events of either type, in order', async () => {
    const at = new Date();
    await t.db.transaction().execute(async (trx) => {
      await recordEvent(trx, t.demo!.vendors.pfg, 'comment.added', { n: 1 }, at);
      await recordEvent(trx, t.demo!.vendors.pfg, 'autopay.paused', { n: 2 }, at);
      await recordEvent(trx, t.demo!.vendors.pfg, 'payment_plan.paused', { n: 3 }, at);
    });
    const both = await call('listEvents', 'GET', '/events?type=autopay.paused&type=payment_plan.paused&limit=1000');
    expect(both.body.events.map((e: { type: string }) => e.type)).toEqual(['autopay.paused', 'payment_plan.paused']);
    const one = await call('listEvents', 'GET', '/events?type=comment.added&limit=1000');
    expect(one.body.events.every((e: { type: string }) => e.type === 'comment.added')).toBe(true);
    expect((await call('listEvents', 'GET', '/events?type=not.a.type')).status).toBe(400);
  });
});
