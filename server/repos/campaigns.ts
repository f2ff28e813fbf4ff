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

const campaignColumns = ['id', 'vendorId', 'locationId', 'contactId', 'eventDay', 'deliverTo'] as const;

/** The new campaign, or undefined when the contact already has one for that day at the location. */
export async function insertCampaign(trx: Db, input: { contactId: string; vendorId: string; locationId: string; eventDay: number }) {
  const contact = await contactSummary(trx, input.contactId);
  return trx
    .insertInto('reminderCampaigns')
    .values({ ...input, deliverTo: contact.deliverTo })
    .onConflict((oc) => oc.columns(['contactId', 'locationId', 'eventDay']).doNothing())
    .returning(campaignColumns)
    .executeTakeFirst();
}

/** The deleted campaign, or undefined when it is not the contact's at this location. */
export async function deleteCampaign(trx: Db, input: { contactId: string; locationId: string; campaignId: string }) {
  return trx
    .deleteFrom('reminderCampaigns')
    .where('id', '=', input.campaignId)
    .where('contactId', '=', input.contactId)
    .where('locationId', '=', input.locationId)
    .returning(campaignColumns)
    .executeTakeFirst();
}
