/**
 * The rows of a location's account as its vendor's people see it (`GET /locations/{id}/account`): its AutoPay, payment
 * plans, saved payment methods and statement deliveries, each with the contact it belongs to. Every query is scoped by
 * the vendor AND the location; a method is never read beyond its name, brand, last four, expiry and state.
 */
import type { Db } from '../db/connect.js';

const contactName = ['c.id as contactId', 'c.firstName as contactFirstName', 'c.lastName as contactLastName'] as const;

/** The location's live AutoPay (one per location) with its method and what pauses it, or undefined. */
export async function accountAutopay(db: Db, vendorId: string, locationId: string) {
  return db
    .selectFrom('autopays as a')
    .innerJoin('paymentMethods as pm', 'pm.id', 'a.paymentMethodId')
    .innerJoin('contacts as c', 'c.id', 'a.contactId')
    .select(['a.id', 'a.startDate', 'a.excludedInvoiceIds', 'a.createdAt', ...contactName])
    .select(['pm.id as methodId', 'pm.provider as methodProvider', 'pm.name as methodName', 'pm.lastFour as methodLastFour', 'pm.returnedCode as methodReturnedCode', 'pm.unusableSince as methodUnusableSince'])
    .where('a.vendorId', '=', vendorId)
    .where('a.locationId', '=', locationId)
    .where('a.deletedAt', 'is', null)
    .orderBy('a.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The location's payment plans, newest first (at most `limit`). */
export async function accountPlans(db: Db, vendorId: string, locationId: string, limit: number) {
  return db
    .selectFrom('paymentPlans as p')
    .innerJoin('paymentMethods as pm', 'pm.id', 'p.paymentMethodId')
    .innerJoin('contacts as c', 'c.id', 'p.contactId')
    .select(['p.id', 'p.name', 'p.status', 'p.frequency', 'p.startDate', 'p.totalAmountCents', 'p.eachAmountCents', 'p.createdAt', ...contactName])
    .select(['pm.id as methodId', 'pm.provider as methodProvider', 'pm.name as methodName', 'pm.lastFour as methodLastFour', 'pm.returnedCode as methodReturnedCode', 'pm.unusableSince as methodUnusableSince'])
    .where('p.vendorId', '=', vendorId)
    .where('p.locationId', '=', locationId)
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The saved payment methods at the location (not deleted), newest first (at most `limit`). */
export async function accountMethods(db: Db, vendorId: string, locationId: string, limit: number) {
  return db
    .selectFrom('paymentMethods as pm')
    .innerJoin('contacts as c', 'c.id', 'pm.contactId')
    .select(['pm.id', 'pm.provider', 'pm.name', 'pm.brand', 'pm.lastFour', 'pm.expMonth', 'pm.expYear', 'pm.verificationRequired', 'pm.returnedCode', 'pm.unusableSince', 'pm.createdAt', ...contactName])
    .where('pm.vendorId', '=', vendorId)
    .where('pm.locationId', '=', locationId)
    .where('pm.deletedAt', 'is', null)
    .orderBy('pm.createdAt', 'desc')
    .orderBy('pm.id')
    .limit(limit)
    .execute();
}

/** The location's statement deliveries (one per contact who set one up). */
export async function accountStatementDeliveries(db: Db, vendorId: string, locationId: string, limit: number) {
  return db
    .selectFrom('statementDeliveries as s')
    .innerJoin('contacts as c', 'c.id', 's.contactId')
    .select(['s.id', 's.scheduleUnit', 's.scheduleValue', 's.sendEmptyStatements', 's.activeFrom', 's.updatedAt', ...contactName])
    .where('s.vendorId', '=', vendorId)
    .where('s.locationId', '=', locationId)
    .orderBy('s.updatedAt', 'desc')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}
