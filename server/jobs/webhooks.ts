/**
 * Delivering events to vendors' endpoints as Standard Webhooks (https://www.standardwebhooks.com): a POST of
 * `{ type, timestamp, data }` with `webhook-id` (the event's id, the same on every retry so a receiver can drop a
 * repeat), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,` + HMAC-SHA256 over `id.timestamp.body` with the
 * endpoint's secret, by the `standardwebhooks` library that receivers verify with).
 *
 * The queue is the deliveries table itself: every server process runs `startWebhookWorker`, which looks for due
 * deliveries every `pollMs` and claims them with FOR UPDATE SKIP LOCKED and a lease (two processes never send the
 * same attempt; a process that dies holding one lets its lease run out and the attempt is made again). A 2xx answer
 * delivers; anything else (another status, a timeout, a refused connection) is retried on the schedule below — about
 * three days and a few hours in all — after which the delivery has failed. An endpoint that has answered nothing but
 * failures for three days is disabled (the vendor re-enables it; `POST /events/{id}/redeliver` sends again).
 */
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/connect.js';
import { open } from '../domain/secret-box.js';
import {
  claimDueDeliveries,
  disableEndpointFailingSince,
  finishDelivery,
  markAttemptFailed,
  markDelivered,
  recordAttempt,
  type DueDelivery,
} from '../repos/webhooks.js';
import type { JobLogger } from './types.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after each failed attempt (the first attempt is at once): 10 attempts over 3 days and 4 hours. */
export const RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];

/** An endpoint failing without a success for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

const EXCERPT = 500;

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

export interface DeliverOptions {
  db: Db;
  /** the key that opens the endpoints' sealed secrets */
  key: Buffer;
  timeoutMs: number;
  log: JobLogger;
  now?: () => Date;
  fetch?: typeof fetch;
  /** deliveries claimed per round (default 20) */
  limit?: number;
}

/** Sends the delivery now, signed, and records the attempt: the attempt's id and whether the receiver answered 2xx. */
async function attempt(delivery: DueDelivery, options: Pick<DeliverOptions, 'db' | 'key' | 'timeoutMs' | 'fetch'>): Promise<{ attemptId: string; ok: boolean }> {
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

async function deliverOne(delivery: DueDelivery, options: DeliverOptions, now: () => Date): Promise<'delivered' | 'retry' | 'failed'> {
  const { ok } = await attempt(delivery, options);
  const attemptedAt = now();
  if (ok) {
    await markDelivered(options.db, delivery, attemptedAt);
    return 'delivered';
  }
  const wait = RETRY_SCHEDULE_MS[delivery.attempts];
  await markAttemptFailed(options.db, delivery, wait === undefined ? null : new Date(attemptedAt.getTime() + wait), attemptedAt);
  const disabled = await disableEndpointFailingSince(
    options.db,
    delivery.endpointId,
    new Date(attemptedAt.getTime() - DISABLE_AFTER_MS),
    'every delivery failed for 3 days',
    attemptedAt,
  );
  if (disabled) options.log.warn({ endpointId: delivery.endpointId }, 'webhook endpoint disabled after 3 days of failures');
  return wait === undefined ? 'failed' : 'retry';
}

/**
 * A delivery made once, now, and never retried (a `ping` of `POST /webhook-endpoints/{id}/test`): delivered or failed
 * by this one attempt, the endpoint's failure streak (and so its disabling) untouched. Answers the attempt's id.
 */
export async function deliverOnce(delivery: DueDelivery, options: Pick<DeliverOptions, 'db' | 'key' | 'timeoutMs' | 'fetch'>): Promise<string> {
  const { attemptId, ok } = await attempt(delivery, options);
  await finishDelivery(options.db, delivery.id, ok, new Date());
  return attemptId;
}

/** One round: claims the due deliveries and attempts each; answers the counts. */
export async function deliverDueWebhooks(options: DeliverOptions): Promise<{ delivered: number; retry: number; failed: number }> {
  const now = options.now ?? (() => new Date());
  const due = await claimDueDeliveries(options.db, now(), options.limit ?? 20, options.timeoutMs + 30 * SECOND);
  const counts = { delivered: 0, retry: 0, failed: 0 };
  const outcomes = await Promise.allSettled(due.map((delivery) => deliverOne(delivery, options, now)));
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') counts[outcome.value] += 1;
    else options.log.error({ reason: String(outcome.reason) }, 'webhook delivery failed to run');
  }
  return counts;
}

export interface WebhookWorker {
  /** resolves after the round in progress (if any) */
  stop(): Promise<void>;
  /** runs a round now (tests, and right after a change when the caller knows one was written) */
  poke(): void;
}

/** Looks for due deliveries every `pollMs` (at once again while rounds find work) until stopped. */
export function startWebhookWorker(options: DeliverOptions & { pollMs: number }): WebhookWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const round = async () => {
    timer = undefined;
    let busy = false;
    try {
      const counts = await deliverDueWebhooks(options);
      busy = counts.delivered + counts.retry + counts.failed > 0;
    } catch (error) {
      // the database out of reach, for instance: the next round tries again
      options.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'webhook round failed');
    }
    if (!stopped) schedule(busy ? 0 : options.pollMs);
  };
  const schedule = (ms: number) => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => (running = undefined));
    }, ms);
    timer.unref();
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
    poke() {
      if (running || stopped) return;
      if (timer) clearTimeout(timer);
      timer = undefined;
      schedule(0);
    },
  };
}
