/** The outbox: every message the portal sends (login links), written first and delivered afterwards. */
import type { Db } from '../db/connect.js';
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

export async function pendingEmails(db: Db, ids?: string[]) {
  let query = db
    .selectFrom('outbox')
    .selectAll()
    .where('channel', '=', 'email')
    .where('sentAt', 'is', null)
    .where('error', 'is', null);
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  return query.orderBy('createdAt').execute();
}

/**
 * Claims a pending row for delivery by setting `sent_at` (only one claimer wins, also across processes).
 * True when this caller claimed it.
 */
export async function claimForDelivery(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .updateTable('outbox')
    .set({ sentAt: new Date() })
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .where('error', 'is', null)
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Delivery failed: not sent, with the reason. */
export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.updateTable('outbox').set({ sentAt: null, error: error.slice(0, 500) }).where('id', '=', id).execute();
}
