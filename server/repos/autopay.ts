/** The active AutoPay Plus of a location for the contact (dashboard: "AUTOPAY ON"). */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { json } from '../db/json.js';
import { ApiError, notFound } from '../http/errors.js';
import { cancelScheduledGroups, listPaymentGroups } from './payment-groups.js';
import { checkLocationInvoices, checkStartDate, usableMethod, vendorRules } from './recurring-rules.js';
import { toApiPaymentMethodSummary } from './payment-methods.js';

export async function getActiveAutopay(db: Db, contactId: string, locationId: string) {
  const row = await db
    .selectFrom('autopays as a')
    .innerJoin('paymentMethods as pm', 'pm.id', 'a.paymentMethodId')
    .selectAll('a')
    .select(['pm.provider as methodProvider', 'pm.name as methodName', 'pm.lastFour as methodLastFour'])
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
  };
}

// ───────────────────────────── issue 8: set up, change, turn off ─────────────────────────────

export interface AutopayScope {
  contactId: string;
  vendorId: string;
  locationId: string;
  /** the calling token's request (an `autopay` link) */
  tokenRequestId: string | null;
}

/** The contact's autopay request at the location: the token's own when it is one, else the newest active one. */
async function autopayRequestOf(db: Db, scope: AutopayScope) {
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

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

export async function createAutopay(
  db: Db,
  scope: AutopayScope,
  body: { paymentMethodId: string; startDate: string; excludedInvoices: string[]; epaVersion: string },
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    // one AutoPay per location: lock the location's live AutoPay check against a concurrent set-up (the partial
    // unique index autopays_active_location_idx is the guarantee; this gives the clear 409 first)
    const existing = await trx.selectFrom('autopays').select('id').where('locationId', '=', scope.locationId).where('deletedAt', 'is', null).executeTakeFirst();
    if (existing) throw new ApiError(409, 'autopay_exists', 'AutoPay Plus is already set up for this location.');
    const method = await usableMethod(trx, scope, body.paymentMethodId, body.epaVersion);
    const rules = await vendorRules(trx, scope.vendorId, now);
    checkStartDate(body.startDate, rules);
    const excluded = await checkLocationInvoices(trx, scope, body.excludedInvoices, 'excludedInvoices');
    const request = await autopayRequestOf(trx, scope);
    const customerManage = request?.customerManage ?? true;
    if (rules.customerManageAutopay && request && !customerManage) {
      const requested = (request.excludedInvoiceIds ?? []).map((id) => id.toLowerCase());
      if ((request.startDate && toDateString(request.startDate) !== body.startDate) || !sameSet(requested, excluded)) {
        throw new ApiError(
          422,
          'customer_manage_disabled',
          'The start date and excluded invoices of this AutoPay are set by your vendor and cannot be changed.',
          'startDate',
        );
      }
    }
    try {
      await trx
        .insertInto('autopays')
        .values({
          vendorId: scope.vendorId,
          locationId: scope.locationId,
          contactId: scope.contactId,
          paymentMethodId: method.id,
          startDate: body.startDate,
          excludedInvoiceIds: json(excluded),
          customerManage,
          createdAt: now,
        })
        .execute();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ApiError(409, 'autopay_exists', 'AutoPay Plus is already set up for this location.');
      throw error;
    }
    if (request && request.status === 'active') await trx.updateTable('requests').set({ status: 'complete' }).where('id', '=', request.id).execute();
  });
  return getActiveAutopay(db, scope.contactId, scope.locationId);
}

/** The contact's live AutoPay `id` at the location, locked for update (404 when it is not). */
async function lockAutopay(trx: Db, scope: AutopayScope, id: string) {
  const row = await trx
    .selectFrom('autopays')
    .selectAll()
    .where('id', '=', id.toLowerCase())
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('AutoPay');
  return row;
}

export async function updateAutopayMethod(db: Db, scope: AutopayScope, id: string, body: { paymentMethodId: string; epaVersion: string }) {
  await db.transaction().execute(async (trx) => {
    const autopay = await lockAutopay(trx, scope, id);
    const method = await usableMethod(trx, scope, body.paymentMethodId, body.epaVersion);
    await trx.updateTable('autopays').set({ paymentMethodId: method.id }).where('id', '=', autopay.id).execute();
  });
  return getActiveAutopay(db, scope.contactId, scope.locationId);
}

export async function updateAutopayExclusions(
  db: Db,
  scope: AutopayScope,
  id: string,
  body: { excludeInvoiceIds: string[]; reincludeInvoiceIds: string[] },
  now = new Date(),
) {
  const exclude = body.excludeInvoiceIds.map((i) => i.toLowerCase());
  const reinclude = body.reincludeInvoiceIds.map((i) => i.toLowerCase());
  const both = exclude.find((i) => reinclude.includes(i));
  if (both) throw new ApiError(400, 'validation_failed', `reincludeInvoiceIds: ${both} is also in excludeInvoiceIds`, 'reincludeInvoiceIds');
  await db.transaction().execute(async (trx) => {
    const autopay = await lockAutopay(trx, scope, id);
    const rules = await vendorRules(trx, scope.vendorId, now);
    if (rules.customerManageAutopay && !autopay.customerManage) {
      throw new ApiError(422, 'customer_manage_disabled', 'The excluded invoices of this AutoPay are set by your vendor and cannot be changed.');
    }
    await checkLocationInvoices(trx, scope, [...exclude, ...reinclude], 'excludeInvoiceIds');
    const next = new Set((autopay.excludedInvoiceIds ?? []).map((i) => i.toLowerCase()));
    for (const i of exclude) next.add(i);
    for (const i of reinclude) next.delete(i);
    await trx.updateTable('autopays').set({ excludedInvoiceIds: json([...next]) }).where('id', '=', autopay.id).execute();
  });
  return getActiveAutopay(db, scope.contactId, scope.locationId);
}

/**
 * Turns AutoPay off: `deleted_at` now; its scheduled payment groups not yet sent are canceled (their invoices payable
 * again unless another scheduled group still pays them, a "Payment Canceled" journey entry) and its failed charges
 * stop retrying. Answers the vendor's date.
 */
export async function deleteAutopay(db: Db, scope: AutopayScope, id: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const autopay = await lockAutopay(trx, scope, id);
    const rules = await vendorRules(trx, scope.vendorId, now);
    await trx.updateTable('autopays').set({ deletedAt: now }).where('id', '=', autopay.id).execute();
    await trx
      .updateTable('autopayCharges')
      .set({ status: 'ended', nextAttemptOn: null, updatedAt: now })
      .where('autopayId', '=', autopay.id)
      .where('status', '=', 'failed')
      .execute();
    const groups = await trx
      .selectFrom('autopayCharges as c')
      .innerJoin('paymentGroups as g', 'g.id', 'c.paymentGroupId')
      .select('g.id')
      .where('c.autopayId', '=', autopay.id)
      .where('g.status', '=', 'scheduled')
      .execute();
    await cancelScheduledGroups(trx, scope, groups.map((g) => g.id), { kind: 'autopay-off' }, now);
    return { id: autopay.id, deactivationDate: rules.today.toString() };
  });
}
