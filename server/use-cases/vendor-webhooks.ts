/** A vendor's webhook endpoints: registering one (a fresh signing secret, stored sealed), changing it, redelivery. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { seal } from '../domain/secret-box.js';
import { deliverOnce } from './webhook-delivery.js';
import { attemptOfEndpoint, endpointOfVendor, eventOfVendor, insertEndpoint, insertPing, redeliver, rotateEndpointSecret, updateEndpoint, type EndpointRow } from '../repos/webhooks.js';
import { notFoundRefusal, ok, refusal, type Outcome } from './outcome.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https anywhere; plain http only to this machine (a receiver in development, `npm run vendor -- listen`). */
export function endpointUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return undefined;
  return 'must be https (http only to localhost)';
}

export async function createEndpoint(
  db: Db,
  key: Buffer,
  vendorId: string,
  input: { url: string; description?: string; eventTypes?: string[] },
): Promise<Outcome<{ endpoint: EndpointRow; secret: string }>> {
  const problem = endpointUrlProblem(input.url);
  if (problem) return { ok: false, refusal: refusal('invalid', 'validation_failed', `url: ${problem}`, 'url') };
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const endpoint = await insertEndpoint(db, { vendorId, url: input.url, description: input.description ?? '', eventTypes: input.eventTypes ?? [], secretSealed: seal(key, secret) });
  return ok({ endpoint, secret });
}

/** Hours a rotated-out secret still signs deliveries unless the vendor says otherwise. */
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

/**
 * A new signing secret for the endpoint. For `overlapHours` (default 24; 0 = none) every delivery is signed with the
 * new and the old secret, so a receiver that still holds the old one verifies them while it switches.
 */
export async function rotateSecret(
  db: Db,
  key: Buffer,
  vendorId: string,
  endpointId: string,
  overlapHours = DEFAULT_ROTATION_OVERLAP_HOURS,
  now = new Date(),
): Promise<Outcome<{ endpoint: EndpointRow; secret: string }>> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const endpoint = await rotateEndpointSecret(db, vendorId, endpointId, seal(key, secret), new Date(now.getTime() + overlapHours * 3_600_000), now);
  return endpoint ? ok({ endpoint, secret }) : { ok: false, refusal: notFoundRefusal('webhook endpoint') };
}

export async function changeEndpoint(
  db: Db,
  vendorId: string,
  endpointId: string,
  input: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean },
  now = new Date(),
): Promise<Outcome<EndpointRow>> {
  if (input.url !== undefined) {
    const problem = endpointUrlProblem(input.url);
    if (problem) return { ok: false, refusal: refusal('invalid', 'validation_failed', `url: ${problem}`, 'url') };
  }
  const status = input.enabled === undefined ? undefined : input.enabled ? 'enabled' : 'disabled';
  const row = await updateEndpoint(db, vendorId, endpointId, { url: input.url, description: input.description, eventTypes: input.eventTypes, status }, now);
  return row ? ok(row) : { ok: false, refusal: notFoundRefusal('webhook endpoint') };
}

export async function redeliverEvent(db: Db, vendorId: string, eventId: string, endpointId: string | undefined, now = new Date()): Promise<Outcome<number>> {
  if (!(await eventOfVendor(db, vendorId, eventId))) return { ok: false, refusal: notFoundRefusal('event') };
  if (endpointId && !(await endpointOfVendor(db, vendorId, endpointId))) return { ok: false, refusal: notFoundRefusal('webhook endpoint', 'endpointId') };
  return ok(await redeliver(db, vendorId, eventId, endpointId, now));
}

/**
 * `POST /webhook-endpoints/{id}/test`: a signed `ping` event sent to the endpoint now (enabled or not, whatever its
 * event types), once, not retried; answers the attempt (status, latency, the response's start, or the error). The ping
 * is an event like any other (`GET /events`, redelivery), delivered to this endpoint only, and leaves the endpoint's
 * failure streak alone: a failing test never disables an endpoint, a passing one never hides real failures.
 */
export async function sendTestEvent(db: Db, key: Buffer, vendorId: string, endpointId: string, timeoutMs: number, now = new Date()) {
  const data = { endpointId, message: 'A test event from PerformancePay: answer 2xx to acknowledge it.' };
  // the event and its delivery together (committed before the call goes out: no transaction is held across it)
  const delivery = await db.transaction().execute((trx) => insertPing(trx, vendorId, endpointId, data, now, timeoutMs + 30_000));
  if (!delivery) return { ok: false as const, refusal: notFoundRefusal('webhook endpoint') };
  const attemptId = await deliverOnce(delivery, { db, key, timeoutMs });
  return ok(await attemptOfEndpoint(db, vendorId, endpointId, attemptId));
}
