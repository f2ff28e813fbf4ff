/**
 * The outbox: every message the portal sends (login links), written first and delivered afterwards.
 * A delivered message keeps no usable link (`redactLoginLinks`); rows older than a login link lives are purged by
 * the scheduled jobs (`purgeOutbox`). Undelivered rows (SMS, or e-mail without SMTP) keep their link until then:
 * the outbox is the sandbox's delivery channel (`npm run outbox`).
 */
import type { Db } from '../db/connect.js';
import { LOGIN_LINK_TTL_DAYS } from '../domain/login-link.js';
import type { OutboxChannel } from '../db/schema.js';

export interface NewOutboxMessage {
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
}

export async function insertOutboxMessages(db: Db, messages: NewOutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db.insertInto('outbox').values(messages).returning('id').execute();
  return rows.map((row) => row.id);
}

// ── attachments (the statement PDF) ──
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Writes one message and its attachments (call inside the transaction that records the effect). Returns its id. */
export async function insertOutboxMessageWithAttachments(db: Db, message: NewOutboxMessage, attachments: OutboxAttachment[]): Promise<string> {
  const [id] = await insertOutboxMessages(db, [message]);
  if (attachments.length > 0) {
    await db
      .insertInto('outboxAttachments')
      .values(attachments.map((a) => ({ outboxId: id, filename: a.filename, contentType: a.contentType, content: a.content })))
      .execute();
  }
  return id;
}

/** The attachments of a message, in the order they were written. */
export async function outboxAttachments(db: Db, outboxId: string): Promise<OutboxAttachment[]> {
  const rows = await db
    .selectFrom('outboxAttachments')
    .select(['filename', 'contentType', 'content'])
    .where('outboxId', '=', outboxId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ filename: row.filename, contentType: row.contentType, content: Buffer.from(row.content) }));
}

/** A claimed row is held this long; a deliverer that crashed meanwhile loses it and another one sends it. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** Delivery attempts of one e-mail before it is given up (its `error` stays). */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** Wait before retry n (n = attempts so far): 1, 4, 16, 64 minutes. */
export const outboxBackoffMs = (attempts: number) => 60_000 * 4 ** Math.max(0, attempts - 1);

/** E-mails due for delivery: not sent, attempts left, not held by a live lease, past their backoff. */
export async function pendingEmails(db: Db, ids?: string[], now = new Date()) {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('outbox')
    .selectAll()
    .where('channel', '=', 'email')
    .where('sentAt', 'is', null)
    .where('attempts', '<', OUTBOX_MAX_ATTEMPTS)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .where((eb) => eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]));
  if (ids) query = query.where('id', 'in', ids);
  return query.orderBy('createdAt').execute();
}

/**
 * Claims a due row for delivery with a lease (`claimed_until`) and counts the attempt: only one claimer wins, also
 * across processes; a claimer that crashes before `markDelivered` / `markFailed` loses the row when the lease runs
 * out. True when this caller claimed it.
 */
export async function claimForDelivery(db: Db, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .updateTable('outbox')
    .set((eb) => ({ claimedUntil: new Date(now.getTime() + OUTBOX_LEASE_MS), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .where('attempts', '<', OUTBOX_MAX_ATTEMPTS)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .where((eb) => eb.or([eb('nextAttemptAt', 'is', null), eb('nextAttemptAt', '<=', now)]))
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Delivery failed: not sent, the reason kept, retried after a backoff while attempts remain. */
export async function markFailed(db: Db, id: string, error: string, now = new Date()): Promise<void> {
  const row = await db.selectFrom('outbox').select('attempts').where('id', '=', id).executeTakeFirst();
  const attempts = row?.attempts ?? OUTBOX_MAX_ATTEMPTS;
  await db
    .updateTable('outbox')
    .set({ sentAt: null, claimedUntil: null, error: error.slice(0, 500), nextAttemptAt: new Date(now.getTime() + outboxBackoffMs(attempts)) })
    .where('id', '=', id)
    .execute();
}

/**
 * `/token/<token>` → `/token/[delivered]` (and a console sign-in link's `#<token>` likewise): what stays of a login
 * link once the message went out.
 */
export function redactLoginLinks(body: string): string {
  return body.replace(/\/token\/[A-Za-z0-9_-]+/g, '/token/[delivered]').replace(/\/console\/sign-in#[A-Za-z0-9_-]+/g, '/console/sign-in#[delivered]');
}

/** Delivery succeeded: the stored body no longer holds the login token. */
export async function markDelivered(db: Db, id: string, body: string, now = new Date()): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sentAt: now, body: redactLoginLinks(body), error: null, claimedUntil: null, nextAttemptAt: null })
    .where('id', '=', id)
    .execute();
}

/** Deletes outbox rows older than a login link lives (their links have expired). Returns how many. */
export async function purgeOutbox(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LOGIN_LINK_TTL_DAYS * 24 * 3600 * 1000);
  const result = await db.deleteFrom('outbox').where('createdAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
