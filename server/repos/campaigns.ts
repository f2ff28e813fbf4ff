/**
 * Reminder campaigns (portal-recurring.md §2.6, §3, §7): a contact's reminders at a location, each one day relative
 * to an invoice's due date (`eventDay`: 0 the due date, negative before, positive after). One campaign per contact,
 * location and day (UNIQUE key: a second one for the same day is refused, nothing written). `deliverTo` is where the
 * reminders go: the contact's e-mail address, else its phone number (then by SMS), fixed when the reminder is made.
 */
import type { Db } from '../db/connect.js';
import { contactSummary } from './statements.js';

export async function listCampaigns(db: Db, contactId: string, locationId: string) {
  const contact = await contactSummary(db, contactId);
  const campaigns = await db
    .selectFrom('reminderCampaigns')
    .select(['id', 'eventDay', 'contactId', 'deliverTo'])
    .where('contactId', '=', contactId)
    .where('locationId', '=', locationId)
    .orderBy('eventDay')
    .execute();
  return { campaigns, contactId: contact.id, deliverTo: contact.deliverTo };
}

/** The new campaign, or 'duplicate' when the contact already has one for that day at the location. */
export async function createCampaign(db: Db, input: { contactId: string; vendorId: string; locationId: string; eventDay: number }) {
  const contact = await contactSummary(db, input.contactId);
  const row = await db
    .insertInto('reminderCampaigns')
    .values({ ...input, deliverTo: contact.deliverTo })
    .onConflict((oc) => oc.columns(['contactId', 'locationId', 'eventDay']).doNothing())
    .returning(['id', 'eventDay', 'contactId', 'deliverTo'])
    .executeTakeFirst();
  return row ?? 'duplicate';
}

export async function deleteCampaign(db: Db, input: { contactId: string; locationId: string; campaignId: string }): Promise<boolean> {
  const result = await db
    .deleteFrom('reminderCampaigns')
    .where('id', '=', input.campaignId)
    .where('contactId', '=', input.contactId)
    .where('locationId', '=', input.locationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0) === 1;
}
