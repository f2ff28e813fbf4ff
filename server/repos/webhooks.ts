/**
 * Rows of the webhooks: endpoints (per vendor), events, one delivery per event and endpoint, and every attempt.
 * Every read and write of the vendor API filters by the vendor; the deliverer's claim works across vendors.
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { WebhookEndpointStatus } from '../db/schema.js';

// ───────────────────────────── endpoints ─────────────────────────────

const endpointColumns = ['id', 'url', 'description', 'eventTypes', 'status', 'disabledReason', 'failingSince', 'previousSecretExpiresAt', 'createdAt', 'updatedAt'] as const;

export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  status: WebhookEndpointStatus;
  disabledReason: string | null;
  failingSince: Date | null;
  /** until when deliveries are signed with the secret it had before its last rotation too (null: no overlap) */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A new signing secret: the one it had becomes the previous secret until `previousUntil` (deliveries meanwhile carry
 * both signatures), or is dropped at once when `previousUntil` is now or earlier. Undefined when not the vendor's.
 */
export async function rotateEndpointSecret(db: Db, vendorId: string, endpointId: string, secretSealed: string, previousUntil: Date, now: Date): Promise<EndpointRow | undefined> {
  const overlap = previousUntil.getTime() > now.getTime();
  return db
    .updateTable('webhookEndpoints')
    .set({
      secretSealed,
      previousSecretSealed: overlap ? sql<string>`secret_sealed` : null,
      previousSecretExpiresAt: overlap ? previousUntil : null,
      updatedAt: now,
    })
    .where('vendorId', '=', vendorId)
    .where('id', '=', endpointId)
    .returning(endpointColumns)
    .executeTakeFirst();
}

export async function insertEndpoint(db: Db, endpoint: { vendorId: string; url: string; description: string; eventTypes: string[]; secretSealed: string }): Promise<EndpointRow> {
  return db
    .insertInto('webhookEndpoints')
    .values({ ...endpoint, eventTypes: JSON.stringify(endpoint.eventTypes) })
    .returning(endpointColumns)
    .executeTakeFirstOrThrow();
}

export async function listEndpoints(db: Db, vendorId: string): Promise<EndpointRow[]> {
  return db.selectFrom('webhookEndpoints').select(endpointColumns).where('vendorId', '=', vendorId).orderBy('createdAt').orderBy('id').execute();
}

export async function endpointOfVendor(db: Db, vendorId: string, endpointId: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhookEndpoints').select(endpointColumns).where('vendorId', '=', vendorId).where('id', '=', endpointId).executeTakeFirst();
}

export async function updateEndpoint(
  db: Db,
  vendorId: string,
  endpointId: string,
  changes: { url?: string; description?: string; eventTypes?: string[]; status?: WebhookEndpointStatus },
  now: Date,
): Promise<EndpointRow | undefined> {
  const set: Record<string, unknown> = { updatedAt: now };
  if (changes.url !== undefined) set.url = changes.url;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.eventTypes !== undefined) set.eventTypes = JSON.stringify(changes.eventTypes);
  if (changes.status === 'enabled') Object.assign(set, { status: 'enabled', disabledReason: null, failingSince: null });
  if (changes.status === 'disabled') Object.assign(set, { status: 'disabled', disabledReason: 'disabled by the vendor' });
  return db.updateTable('webhookEndpoints').set(set).where('vendorId', '=', vendorId).where('id', '=', endpointId).returning(endpointColumns).executeTakeFirst();
}

export async function deleteEndpoint(db: Db, vendorId: string, endpointId: string): Promise<boolean> {
  const rows = await db.deleteFrom('webhookEndpoints').where('vendorId', '=', vendorId).where('id', '=', endpointId).returning('id').execute();
  return rows.length > 0;
}

// ───────────────────────────── events ─────────────────────────────

/**
 * Writes an event and a pending delivery to every enabled endpoint of the vendor that takes its type, in the caller's
 * transaction: the event exists exactly when the change that caused it does.
 */
export async function insertEvent(trx: Db, vendorId: string, type: string, data: Record<string, unknown>, now: Date): Promise<string> {
  const event = await trx.insertInto('webhookEvents').values({ vendorId, type, data: JSON.stringify(data), createdAt: now }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
    select ${event.id}, e.id, ${now} from webhook_endpoints e
     where e.vendor_id = ${vendorId} and e.status = 'enabled'
       and (jsonb_array_length(e.event_types) = 0 or e.event_types ? ${type})`.execute(trx);
  return event.id;
}

const eventColumns = ['id', 'seq', 'type', 'data', 'createdAt'] as const;

/** A page of the vendor's events in the order they happened, or newest first (`newest`: `after` is then the last one seen, older ones follow). */
export async function eventPage(db: Db, vendorId: string, page: { after?: string; limit: number; types?: readonly string[]; newest?: boolean }) {
  let query = db.selectFrom('webhookEvents').select(eventColumns).where('vendorId', '=', vendorId);
  if (page.after) query = query.where('seq', page.newest ? '<' : '>', page.after as never);
  if (page.types && page.types.length > 0) query = query.where('type', 'in', [...page.types]);
  return query.orderBy('seq', page.newest ? 'desc' : 'asc').limit(page.limit).execute();
}

export async function eventOfVendor(db: Db, vendorId: string, eventId: string) {
  return db.selectFrom('webhookEvents').select(eventColumns).where('vendorId', '=', vendorId).where('id', '=', eventId).executeTakeFirst();
}

/** Sends the event again: its delivery to the endpoint (or to each endpoint it had) is due now, attempts kept. */
export async function redeliver(db: Db, vendorId: string, eventId: string, endpointId: string | undefined, now: Date): Promise<number> {
  const result = await sql`insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
    select ev.id, e.id, ${now} from webhook_events ev join webhook_endpoints e on e.vendor_id = ev.vendor_id
     where ev.id = ${eventId} and ev.vendor_id = ${vendorId}
       and ${endpointId === undefined ? sql`exists (select 1 from webhook_deliveries d where d.event_id = ev.id and d.endpoint_id = e.id)` : sql`e.id = ${endpointId}`}
    on conflict (event_id, endpoint_id) do update set status = 'pending', next_attempt_at = excluded.next_attempt_at, lease_until = null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

// ───────────────────────────── deliveries ─────────────────────────────

export interface DueDelivery {
  id: string;
  attempts: number;
  endpointId: string;
  url: string;
  secretSealed: string;
  /** the secret before the endpoint's last rotation, while its overlap lasts (else null) */
  previousSecretSealed: string | null;
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  eventCreatedAt: Date;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs` (another process skips them; a process that dies holding one lets
 * its lease run out and the delivery is taken again) and answers them with their event and endpoint.
 */
export async function claimDueDeliveries(db: Db, now: Date, limit: number, leaseMs: number): Promise<DueDelivery[]> {
  const rows = await sql<DueDelivery>`
    with due as (
      select d.id from webhook_deliveries d
       where d.status = 'pending' and d.next_attempt_at <= ${now} and (d.lease_until is null or d.lease_until < ${now})
       order by d.next_attempt_at, d.id
       limit ${limit}
       for update skip locked
    )
    update webhook_deliveries d set lease_until = ${new Date(now.getTime() + leaseMs)}
      from due, webhook_events ev, webhook_endpoints e
     where d.id = due.id and ev.id = d.event_id and e.id = d.endpoint_id
    returning d.id, d.attempts, e.id as "endpointId", e.url, e.secret_sealed as "secretSealed",
              case when e.previous_secret_expires_at > ${now} then e.previous_secret_sealed end as "previousSecretSealed", ev.id as "eventId", ev.type, ev.data,
              ev.created_at as "eventCreatedAt"`.execute(db);
  return rows.rows;
}

export async function recordAttempt(
  db: Db,
  attempt: { deliveryId: string; attemptedAt: Date; statusCode: number | null; latencyMs: number; responseExcerpt: string | null; error: string | null },
): Promise<string> {
  return (await db.insertInto('webhookAttempts').values(attempt).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * A `ping` event to ONE endpoint of the vendor (`POST /webhook-endpoints/{id}/test`), enabled or not: the event, and its
 * delivery already leased to the caller for `leaseMs` so no worker sends it too. Answers the delivery as the worker
 * would claim it, or undefined when the endpoint is not the vendor's.
 */
export async function insertPing(db: Db, vendorId: string, endpointId: string, data: Record<string, unknown>, now: Date, leaseMs: number): Promise<DueDelivery | undefined> {
  const endpoint = await db
    .selectFrom('webhookEndpoints')
    .select(['id', 'url', 'secretSealed', sql<string | null>`case when previous_secret_expires_at > ${now} then previous_secret_sealed end`.as('previousSecretSealed')])
    .where('vendorId', '=', vendorId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (!endpoint) return undefined;
  const event = await db.insertInto('webhookEvents').values({ vendorId, type: 'ping', data: JSON.stringify(data), createdAt: now }).returning('id').executeTakeFirstOrThrow();
  const delivery = await db
    .insertInto('webhookDeliveries')
    .values({ eventId: event.id, endpointId, nextAttemptAt: now, leaseUntil: new Date(now.getTime() + leaseMs) })
    .returning(['id', 'attempts'])
    .executeTakeFirstOrThrow();
  return {
    id: delivery.id,
    attempts: delivery.attempts,
    endpointId,
    url: endpoint.url,
    secretSealed: endpoint.secretSealed,
    previousSecretSealed: endpoint.previousSecretSealed,
    eventId: event.id,
    type: 'ping',
    data,
    eventCreatedAt: now,
  };
}

/** A delivery made once and not retried (a ping): delivered or failed now; the endpoint's failure streak untouched. */
export async function finishDelivery(db: Db, deliveryId: string, delivered: boolean, now: Date): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ status: delivered ? 'delivered' : 'failed', deliveredAt: delivered ? now : null, leaseUntil: null, attempts: sql`attempts + 1` })
    .where('id', '=', deliveryId)
    .execute();
}

export async function attemptOfEndpoint(db: Db, vendorId: string, endpointId: string, attemptId: string) {
  return attemptsQuery(db, vendorId, endpointId).where('a.id', '=', attemptId).executeTakeFirstOrThrow();
}

export async function markDelivered(db: Db, delivery: { id: string; endpointId: string }, now: Date): Promise<void> {
  await db.updateTable('webhookDeliveries').set({ status: 'delivered', deliveredAt: now, leaseUntil: null, attempts: sql`attempts + 1` }).where('id', '=', delivery.id).execute();
  await db.updateTable('webhookEndpoints').set({ failingSince: null }).where('id', '=', delivery.endpointId).where('failingSince', 'is not', null).execute();
}

/** A failed attempt: the next one at `nextAt`, or none (`null`: the delivery has failed for good). */
export async function markAttemptFailed(db: Db, delivery: { id: string; endpointId: string }, nextAt: Date | null, now: Date): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set(nextAt ? { nextAttemptAt: nextAt, leaseUntil: null, attempts: sql`attempts + 1` } : { status: 'failed', leaseUntil: null, attempts: sql`attempts + 1` })
    .where('id', '=', delivery.id)
    .execute();
  await db.updateTable('webhookEndpoints').set({ failingSince: now }).where('id', '=', delivery.endpointId).where('failingSince', 'is', null).execute();
}

/**
 * Disables the endpoint when it has failed without a success since `before`; its pending deliveries stop with it.
 * Answers whether it did.
 */
export async function disableEndpointFailingSince(db: Db, endpointId: string, before: Date, reason: string, now: Date): Promise<boolean> {
  const rows = await db
    .updateTable('webhookEndpoints')
    .set({ status: 'disabled', disabledReason: reason, updatedAt: now })
    .where('id', '=', endpointId)
    .where('status', '=', 'enabled')
    .where('failingSince', '<=', before)
    .returning('id')
    .execute();
  if (rows.length === 0) return false;
  await db.updateTable('webhookDeliveries').set({ status: 'failed', leaseUntil: null }).where('endpointId', '=', endpointId).where('status', '=', 'pending').execute();
  return true;
}

const attemptsQuery = (db: Db, vendorId: string, endpointId: string) =>
  db
    .selectFrom('webhookAttempts as a')
    .innerJoin('webhookDeliveries as d', 'd.id', 'a.deliveryId')
    .innerJoin('webhookEndpoints as e', 'e.id', 'd.endpointId')
    .innerJoin('webhookEvents as ev', 'ev.id', 'd.eventId')
    .select(['a.id', 'ev.id as eventId', 'ev.type', 'a.attemptedAt', 'a.statusCode', 'a.latencyMs', 'a.responseExcerpt', 'a.error', 'd.status as deliveryStatus'])
    .where('e.vendorId', '=', vendorId)
    .where('e.id', '=', endpointId);

export async function attemptsOfEndpoint(db: Db, vendorId: string, endpointId: string, limit: number) {
  return attemptsQuery(db, vendorId, endpointId)
    .orderBy('a.attemptedAt', 'desc')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}
