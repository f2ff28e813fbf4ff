// @vitest-environment node
/**
 * `POST /webhook-endpoints/{id}/test` against a real HTTP receiver: a signed `ping` event is sent at once and the
 * answer is the attempt (what the receiver said, or the error); it is made once and never retried, it leaves the
 * endpoint's failure streak alone, and it is an event like the others (GET /events, the endpoint's attempts). With an
 * Idempotency-Key no transaction is held while the receiver answers: a duplicate sent meanwhile is told to come back
 * (409 idempotency_key_in_progress), and after it gets the one attempt again — the receiver got one ping.
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
import { createApiKey } from '../../server/use-cases/vendor-keys.js';
import { expectMatchesVendorContract } from './helpers/contract.js';

const silent = { info() {}, warn() {}, error() {} };
let t: TestDb;
let app: FastifyInstance;
let config: ReturnType<typeof testConfig>;
let key: string;
let server: Server;
let base: string;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
/** what the receiver answers, by path */
const answers: Record<string, number> = { '/ok': 200, '/broken': 500 };
/** requests to /slow wait here until released */
let releaseSlow: (() => void) | undefined;
let slowArrived: (() => void) | undefined;

async function call(operationId: string, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, idempotencyKey?: string) {
  const res = await app.inject({
    method,
    url: `/vendor-api${path}`,
    headers: { authorization: `Bearer ${key}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const body = res.body ? res.json() : undefined;
  expectMatchesVendorContract(operationId, res.statusCode, body);
  return { status: res.statusCode, body, headers: res.headers };
}

async function endpointAt(path: string) {
  const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { url: `${base}${path}`, eventTypes: ['comment.added'] });
  return { id: created.body.endpoint.id as string, secret: created.body.secret as string };
}

beforeAll(async () => {
  t = await createTestDb({ seed: true });
  config = testConfig();
  app = await buildApp({ db: t.db, config, logger: false });
  await app.ready();
  const created = await createApiKey(t.db, t.demo!.vendors.pfg, 'ping');
  if (!created.ok) throw new Error('no key');
  key = created.value.secret;
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      if (path === '/slow') {
        slowArrived?.();
        releaseSlow = () => {
          if (!response.headersSent) response.writeHead(200).end('slow but fine');
        };
        return;
      }
      response.writeHead(answers[path] ?? 404).end(`answered ${answers[path] ?? 404}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  releaseSlow?.();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await app?.close();
  await t?.drop();
});

const pingsTo = (path: string) => received.filter((r) => r.path === path);

describe('sending a test event to an endpoint', () => {
  it('a receiver answering 200: one signed ping, verified with the endpoint’s secret; the answer is the delivered attempt, listed with the events', async () => {
    const endpoint = await endpointAt('/ok');
    const sent = await call('sendTestWebhook', 'POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ type: 'ping', statusCode: 200, responseExcerpt: 'answered 200', error: null, deliveryStatus: 'delivered' });

    // sent although the endpoint takes only comment.added: a ping goes to the endpoint tested, whatever its types
    const [ping] = pingsTo('/ok');
    const payload = new Webhook(endpoint.secret).verify(ping.body, ping.headers as Record<string, string>) as { type: string; data: { endpointId: string } };
    expect(payload.type).toBe('ping');
    expect(payload.data.endpointId).toBe(endpoint.id);
    expect(ping.headers['webhook-id']).toBe(sent.body.eventId);

    const events = await call('listEvents', 'GET', '/events?type=ping&limit=1000');
    expect(events.body.events.map((e: { id: string }) => e.id)).toContain(sent.body.eventId);
    const attempts = await call('listWebhookAttempts', 'GET', `/webhook-endpoints/${endpoint.id}/attempts`);
    expect(attempts.body.attempts).toEqual([sent.body]);
  });

  it('a receiver answering 500: the attempt says so, it is never retried, and the endpoint’s failure streak is untouched', async () => {
    const endpoint = await endpointAt('/broken');
    const sent = await call('sendTestWebhook', 'POST', `/webhook-endpoints/${endpoint.id}/test`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ type: 'ping', statusCode: 500, responseExcerpt: 'answered 500', deliveryStatus: 'failed' });
    // the worker's rounds a day later send nothing more
    await deliverDueWebhooks({ db: t.db, key: config.webhookSecretsKey(), timeoutMs: 5_000, log: silent, now: () => new Date(Date.now() + 86_400_000) });
    expect(pingsTo('/broken')).toHaveLength(1);
    const after = await call('getWebhookEndpoint', 'GET', `/webhook-endpoints/${endpoint.id}`);
    expect(after.body).toMatchObject({ enabled: true, failingSince: null });
  });

  it('nothing listening: the attempt carries the error and no status; a disabled endpoint can be tested too', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const created = await call('createWebhookEndpoint', 'POST', '/webhook-endpoints', { url: `http://127.0.0.1:${port}/gone` });
    await call('updateWebhookEndpoint', 'PATCH', `/webhook-endpoints/${created.body.endpoint.id}`, { enabled: false });
    const sent = await call('sendTestWebhook', 'POST', `/webhook-endpoints/${created.body.endpoint.id}/test`);
    expect(sent.status).toBe(200);
    expect(sent.body.statusCode).toBeNull();
    expect(sent.body.error).toMatch(/fetch failed|ECONNREFUSED/i);
    expect(sent.body.deliveryStatus).toBe('failed');
  });

  it('sent as clients often send a body-less POST (content-type: application/json, no body), it is taken as no body', async () => {
    const endpoint = await endpointAt('/ok');
    const res = await app.inject({ method: 'POST', url: `/vendor-api/webhook-endpoints/${endpoint.id}/test`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'ping', statusCode: 200 });
    // an operation whose body is required still says so
    const keys = await app.inject({ method: 'POST', url: '/vendor-api/keys', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    expect(keys.statusCode).toBe(400);
    expect(keys.json()).toMatchObject({ errorCode: 'validation_failed', field: 'body' });
  });

  it('an unknown endpoint is 404 and sends nothing', async () => {
    const before = received.length;
    const missing = await call('sendTestWebhook', 'POST', '/webhook-endpoints/00000000-0000-4000-8000-000000000000/test');
    expect(missing.status).toBe(404);
    expect(received.length).toBe(before);
  });

  it('with an Idempotency-Key: a duplicate while the receiver is still answering is told to retry; afterwards it gets the one attempt; the receiver got one ping', async () => {
    const endpoint = await endpointAt('/slow');
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    const idempotencyKey = 'ping-once-0001';
    const first = call('sendTestWebhook', 'POST', `/webhook-endpoints/${endpoint.id}/test`, undefined, idempotencyKey);
    await arrived;
    // the receiver holds the first; the server is not blocked meanwhile (no transaction held) and the duplicate is told
    const duplicate = await call('sendTestWebhook', 'POST', `/webhook-endpoints/${endpoint.id}/test`, undefined, idempotencyKey);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ errorCode: 'idempotency_key_in_progress', field: 'Idempotency-Key' });
    expect(duplicate.headers['retry-after']).toBe('1');
    expect((await call('getWebhookEndpoint', 'GET', `/webhook-endpoints/${endpoint.id}`)).status).toBe(200);
    releaseSlow!();
    const answered = await first;
    expect(answered.body).toMatchObject({ statusCode: 200, responseExcerpt: 'slow but fine', deliveryStatus: 'delivered' });
    const again = await call('sendTestWebhook', 'POST', `/webhook-endpoints/${endpoint.id}/test`, undefined, idempotencyKey);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(answered.body);
    expect(pingsTo('/slow')).toHaveLength(1);
  });
});
