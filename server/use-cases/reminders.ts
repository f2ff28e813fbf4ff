/**
 * The customer's payment reminders at a location (repos/campaigns.ts): added or deleted with the vendor's
 * `reminder.added` / `reminder.deleted` event in the same transaction. A second reminder for the same day is refused
 * (`duplicate_reminder`, §8's wording) and writes nothing.
 */
import type { Db } from '../db/connect.js';
import { deleteCampaign, insertCampaign } from '../repos/campaigns.js';
import { attempt, notFoundRefusal, refuse, Refused, type Outcome } from './outcome.js';
import { recordReminderEvent } from './vendor-events.js';

/** §8 "Reminder duplicate". */
export const DUPLICATE_REMINDER_MESSAGE = 'You already have a reminder set for that day.';

export async function addReminder(
  db: Db,
  input: { contactId: string; vendorId: string; locationId: string; eventDay: number },
  now = new Date(),
): Promise<Outcome<{ id: string; eventDay: number; contactId: string; deliverTo: string }>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const created = await insertCampaign(trx, input);
      if (!created) throw refuse('conflict', 'duplicate_reminder', DUPLICATE_REMINDER_MESSAGE, 'eventDay');
      await recordReminderEvent(trx, 'reminder.added', created, now);
      return { id: created.id, eventDay: created.eventDay, contactId: created.contactId, deliverTo: created.deliverTo };
    }),
  );
}

export async function deleteReminder(db: Db, input: { contactId: string; locationId: string; campaignId: string }, now = new Date()): Promise<Outcome<void>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const deleted = await deleteCampaign(trx, input);
      if (!deleted) throw new Refused(notFoundRefusal('reminder'));
      await recordReminderEvent(trx, 'reminder.deleted', deleted, now);
    }),
  );
}
