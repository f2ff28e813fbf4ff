/**
 * Sending one delivery of an event to a vendor's endpoint as a Standard Webhook (https://www.standardwebhooks.com) and
 * recording the attempt: what the webhook worker (server/jobs/webhooks.ts) does for each due delivery, and what a
 * webhook test (`POST /webhook-endpoints/{id}/test`) does once, now.
 */
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/connect.js';
import { open } from '../domain/secret-box.js';
import { finishDelivery, recordAttempt, type DueDelivery } from '../repos/webhooks.js';

const EXCERPT = 500;

/** How a delivery is sent: the database, the key that opens the endpoints' sealed secrets, the answer's timeout. */
export interface SendOptions {
  db: Db;
  key: Buffer;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * `webhook-id`: the event's own id (`Event.id` of `GET /events`), the same on every retry and redelivery — ONE id, so
 * a vendor that receives by webhook and catches up by polling de-duplicates by it.
 */
export const webhookIdOf = (eventId: string) => eventId;

/** The JSON body of an event's delivery. */
export const webhookBody = (delivery: Pick<DueDelivery, 'type' | 'data' | 'eventCreatedAt'>) =>
  JSON.stringify({ type: delivery.type, timestamp: new Date(delivery.eventCreatedAt).toISOString(), data: delivery.data });

/**
 * `webhook-signature`: `v1,<signature>` with the endpoint's secret — and, during a rotation's overlap, a second
 * `v1,<signature>` with the secret it had, space-separated as Standard Webhooks allows: a receiver holding either
 * secret verifies the delivery, so it can switch secrets without losing one.
 */
export function webhookSignature(key: Buffer, secrets: { secretSealed: string; previousSecretSealed: string | null }, id: string, sentAt: Date, body: string): string {
  const signatures = [secrets.secretSealed, ...(secrets.previousSecretSealed ? [secrets.previousSecretSealed] : [])].map((sealed) =>
    new Webhook(open(key, sealed)).sign(id, sentAt, body),
  );
  return signatures.join(' ');
}

/** Sends the delivery now, signed, and records the attempt: the attempt's id and whether the receiver answered 2xx. */
export async function attemptDelivery(delivery: DueDelivery, options: SendOptions): Promise<{ attemptId: string; ok: boolean }> {
  const body = webhookBody(delivery);
  const id = webhookIdOf(delivery.eventId);
  // signed with the moment it is really sent (receivers check it against their clock); `now` only plans retries
  const sentAt = new Date();
  const signature = webhookSignature(options.key, delivery, id, sentAt, body);
  const started = performance.now();
  let statusCode: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    const response = await (options.fetch ?? fetch)(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PerformancePay-Webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    statusCode = response.status;
    excerpt = (await response.text()).slice(0, EXCERPT);
  } catch (reason) {
    error = (reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)).slice(0, EXCERPT);
  }
  const attemptId = await recordAttempt(options.db, { deliveryId: delivery.id, attemptedAt: sentAt, statusCode, latencyMs: Math.round(performance.now() - started), responseExcerpt: excerpt, error });
  return { attemptId, ok: statusCode !== null && statusCode >= 200 && statusCode < 300 };
}

/**
 * A delivery made once, now, and never retried (a `ping` of `POST /webhook-endpoints/{id}/test`): delivered or failed
 * by this one attempt, the endpoint's failure streak (and so its disabling) untouched. Answers the attempt's id.
 */
export async function deliverOnce(delivery: DueDelivery, options: SendOptions): Promise<string> {
  const { attemptId, ok } = await attemptDelivery(delivery, options);
  await finishDelivery(options.db, delivery.id, ok, new Date());
  return attemptId;
}

