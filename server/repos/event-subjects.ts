/**
 * The rows a vendor event names, read in the transaction that writes the event (server/use-cases/vendor-events.ts
 * shapes them): the contact with the vendor's own id for it, the location, invoices, a saved method, an AutoPay, a
 * plan. A method is read without its provider token: an event never carries one. Amounts in cents.
 */
import type { Db } from '../db/connect.js';

/** The contact (with the vendor's external id when the vendor loaded it) and the vendor's location. */
export async function eventParties(db: Db, vendorId: string, contactId: string, locationId: string) {
  const contact = await db
    .selectFrom('contacts as c')
    .leftJoin('vendorContacts as vc', (join) => join.onRef('vc.contactId', '=', 'c.id').on('vc.vendorId', '=', vendorId))
    .select(['c.id', 'c.firstName', 'c.lastName', 'vc.externalId'])
    .where('c.id', '=', contactId)
    .executeTakeFirstOrThrow();
  const location = await db
    .selectFrom('locations')
    .select(['id', 'externalId'])
    .where('id', '=', locationId)
    .where('vendorId', '=', vendorId)
    .executeTakeFirstOrThrow();
  return { contact, location };
}

/** The vendor's invoices among `ids`, in the order of `ids` (an id that is not the vendor's is left out). */
export async function eventInvoices(db: Db, vendorId: string, ids: readonly string[]) {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'externalId', 'displayInvNum', 'openAmountCents'])
    .where('vendorId', '=', vendorId)
    .where('id', 'in', wanted)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** A saved method as events name it (deleted or not): never its token. */
export async function eventPaymentMethod(db: Db, id: string) {
  return db
    .selectFrom('paymentMethods')
    .select(['id', 'provider', 'name', 'lastFour', 'verificationRequired'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function eventAutopay(db: Db, id: string) {
  return db
    .selectFrom('autopays')
    .select(['id', 'vendorId', 'locationId', 'contactId', 'paymentMethodId', 'startDate', 'excludedInvoiceIds', 'authorizationId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function eventPaymentPlan(db: Db, id: string) {
  return db
    .selectFrom('paymentPlans')
    .select([
      'id', 'vendorId', 'locationId', 'contactId', 'requestId', 'name', 'status', 'frequency', 'startDate', 'totalAmountCents',
      'eachAmountCents', 'paymentMethodId', 'invoiceIds', 'authorizationId',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
