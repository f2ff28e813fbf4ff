/** The active AutoPay Plus of a location for the contact (dashboard: "AUTOPAY ON"). */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { json } from '../db/json.js';
import { schedulePause } from '../../core/rules/payment-retries.js';
import { listPaymentGroups } from './payment-groups.js';
import { toApiPaymentMethodSummary } from './payment-methods.js';

export async function getActiveAutopay(db: Db, contactId: string, locationId: string) {
  const row = await db
    .selectFrom('autopays as a')
    .innerJoin('paymentMethods as pm', 'pm.id', 'a.paymentMethodId')
    .selectAll('a')
    .select(['pm.provider as methodProvider', 'pm.name as methodName', 'pm.lastFour as methodLastFour', 'pm.returnedCode as methodReturnedCode', 'pm.unusableSince as methodUnusableSince'])
    .where('a.contactId', '=', contactId)
    .where('a.locationId', '=', locationId)
    .where('a.deletedAt', 'is', null)
    .orderBy('a.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const paymentGroups = await listPaymentGroups(db, { contactId, locationId, sourceType: 'Autopay Plus' });
  return {
    id: row.id,
    startDate: toDateString(row.startDate),
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: row.methodName,
    paymentMethodLastFour: row.methodLastFour,
    paymentMethodType: paymentMethodTypeOf(row.methodProvider),
    contactId: row.contactId,
    excludedInvoices: row.excludedInvoiceIds ?? [],
    paymentGroups,
    paymentMethod: toApiPaymentMethodSummary({ provider: row.methodProvider, name: row.methodName, lastFour: row.methodLastFour }),
    customerManage: row.customerManage,
    // paused while its bank account is unusable (core/rules/payment-retries.ts)
    paused: schedulePause({ name: row.methodName, lastFour: row.methodLastFour, returnedCode: row.methodReturnedCode, unusableSince: row.methodUnusableSince }),
  };
}

// ───────────────────────────── the rows of setting up, changing and turning off AutoPay ─────────────────────────────

export interface AutopayScope {
  contactId: string;
  vendorId: string;
  locationId: string;
  /** the calling token's request (an `autopay` link) */
  tokenRequestId: string | null;
}

/** The location's live AutoPay, if any (one per location). */
export async function liveAutopayOfLocation(trx: Db, locationId: string) {
  return trx.selectFrom('autopays').select('id').where('locationId', '=', locationId).where('deletedAt', 'is', null).executeTakeFirst();
}

/** The contact's autopay request at the location: the token's own when it is one, else the newest active one. */
export async function autopayRequestOf(db: Db, scope: AutopayScope) {
  let query = db
    .selectFrom('requests')
    .select(['id', 'startDate', 'excludedInvoiceIds', 'customerManage', 'status'])
    .where('contactId', '=', scope.contactId)
    .where('locationId', '=', scope.locationId)
    .where('vendorId', '=', scope.vendorId)
    .where('type', '=', 'autopay');
  query = scope.tokenRequestId ? query.where('id', '=', scope.tokenRequestId) : query.where('status', '=', 'active');
  return query.orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
}

export async function insertAutopay(
  trx: Db,
  row: { vendorId: string; locationId: string; contactId: string; paymentMethodId: string; startDate: string; excludedInvoiceIds: string[]; customerManage: boolean; authorizationId: string; createdAt: Date },
): Promise<string> {
  const inserted = await trx.insertInto('autopays').values({ ...row, excludedInvoiceIds: json(row.excludedInvoiceIds) }).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The contact's live AutoPay `id` at the location, locked for update; undefined when it is not. */
export async function lockAutopay(trx: Db, scope: AutopayScope, id: string) {
  return trx
    .selectFrom('autopays')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The AutoPay pays with another method, under the customer's agreement to its terms (`authorizationId`). */
export async function setAutopayMethod(trx: Db, id: string, paymentMethodId: string, authorizationId: string): Promise<void> {
  await trx.updateTable('autopays').set({ paymentMethodId, authorizationId }).where('id', '=', id).execute();
}

export async function setAutopayExclusions(trx: Db, id: string, excludedInvoiceIds: string[]): Promise<void> {
  await trx.updateTable('autopays').set({ excludedInvoiceIds: json(excludedInvoiceIds) }).where('id', '=', id).execute();
}

/** AutoPay off: `deleted_at` now, and its failed charges stop retrying. */
export async function endAutopay(trx: Db, id: string, now: Date): Promise<void> {
  await trx.updateTable('autopays').set({ deletedAt: now }).where('id', '=', id).execute();
  await trx
    .updateTable('autopayCharges')
    .set({ status: 'ended', nextAttemptOn: null, updatedAt: now })
    .where('autopayId', '=', id)
    .where('status', '=', 'failed')
    .execute();
}

/** The AutoPay's payment groups still scheduled (not yet sent). */
export async function scheduledGroupIdsOfAutopay(trx: Db, id: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('autopayCharges as c')
    .innerJoin('paymentGroups as g', 'g.id', 'c.paymentGroupId')
    .select('g.id')
    .where('c.autopayId', '=', id)
    .where('g.status', '=', 'scheduled')
    .execute();
  return rows.map((r) => r.id);
}
