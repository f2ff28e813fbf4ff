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
import type { Db } from '../db/connect.js';
import { claimDueDeliveries, disableEndpointFailingSince, markAttemptFailed, markDelivered, type DueDelivery } from '../repos/webhooks.js';
import { attemptDelivery } from '../use-cases/webhook-delivery.js';

export { webhookBody, webhookIdOf, webhookSignature } from '../use-cases/webhook-delivery.js';
import type { JobLogger } from './types.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after each failed attempt (the first attempt is at once): 10 attempts over 3 days and 4 hours. */
export const RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];

/** An endpoint failing without a success for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

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
  /** told of each attempt's outcome (the metrics: failures per endpoint, delay to delivery) */
  observe?: (attempt: { endpointId: string; delivered: boolean; eventCreatedAt: Date; attemptedAt: Date }) => void;
}

async function deliverOne(delivery: DueDelivery, options: DeliverOptions, now: () => Date): Promise<'delivered' | 'retry' | 'failed'> {
  const { ok } = await attemptDelivery(delivery, options);
  const attemptedAt = now();
  options.observe?.({ endpointId: delivery.endpointId, delivered: ok, eventCreatedAt: delivery.eventCreatedAt, attemptedAt });
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
