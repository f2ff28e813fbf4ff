/** Requests (click-to-pay, AutoPay, payment-plan, …) addressed to a contact, shaped as the contract's Request. */
import type { Db } from '../db/connect.js';
import type { Request, RequestPlan } from '../db/schema.js';
import { toDateString, toIsoString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import type { Reach } from './scope.js';

export function toApiPlan(plan: RequestPlan | null) {
  if (!plan) return null;
  return {
    paymentPlanName: plan.paymentPlanName,
    startDate: toDateString(plan.startDate),
    frequency: plan.frequency,
    // The plan's jsonb amounts are integer cents, like every money column.
    totalAmount: centsToAmount(plan.totalAmount),
    eachAmount: centsToAmount(plan.eachAmount),
  };
}

export function toApiRequest(request: Request) {
  return {
    id: request.id,
    type: request.type,
    status: request.status,
    vendorId: request.vendorId,
    locationId: request.locationId,
    startDate: toDateString(request.startDate),
    invoiceIds: request.invoiceIds ?? [],
    excludedInvoiceIds: request.excludedInvoiceIds ?? [],
    customerManage: request.customerManage,
    paymentPlan: request.type === 'paymentplan' ? toApiPlan(request.plan) : null,
    createdAt: toIsoString(request.createdAt),
  };
}

function baseQuery(db: Db, reach: Reach) {
  const query = db
    .selectFrom('requests as r')
    // Scope: the request's location must still be one of the contact's.
    .innerJoin('contactLocations as cl', (join) =>
      join.onRef('cl.locationId', '=', 'r.locationId').onRef('cl.contactId', '=', 'r.contactId'),
    )
    .selectAll('r')
    .where('r.contactId', '=', reach.contactId);
  // A token bound to a vendor sees that vendor's requests only (server/repos/scope.ts).
  return reach.vendorId === null ? query : query.where('r.vendorId', '=', reach.vendorId).where('cl.vendorId', '=', reach.vendorId);
}

const toApi = (request: Request) => toApiRequest(request);

/** Every open (active) request of the contact, at any vendor and location. */
export async function listOpenRequests(db: Db, reach: Reach) {
  const rows = await baseQuery(db, reach).where('r.status', '=', 'active').orderBy('r.createdAt', 'desc').execute();
  return rows.map(toApi);
}

/** Requests at one location (any status), optionally of one type; newest first. */
export async function listLocationRequests(db: Db, reach: Reach, locationId: string, type?: string) {
  let query = baseQuery(db, reach).where('r.locationId', '=', locationId);
  if (type) query = query.where('r.type', '=', type);
  const rows = await query.orderBy('r.createdAt', 'desc').execute();
  return rows.map(toApi);
}

export async function getRequest(db: Db, reach: Reach, locationId: string, requestId: string) {
  const row = await baseQuery(db, reach).where('r.locationId', '=', locationId).where('r.id', '=', requestId).executeTakeFirst();
  return row ? toApi(row) : undefined;
}

/** A request's status and invoices (a click-to-pay request completes once none is left to pay). */
export async function requestStatusOf(trx: Db, requestId: string) {
  return trx.selectFrom('requests').select(['invoiceIds', 'status']).where('id', '=', requestId).executeTakeFirst();
}

/** True when one of `invoiceIds` is still payable (and not deleted). */
export async function anyPayable(trx: Db, invoiceIds: readonly string[]): Promise<boolean> {
  if (invoiceIds.length === 0) return false;
  const open = await trx
    .selectFrom('invoices')
    .select('id')
    .where('id', 'in', [...invoiceIds])
    .where('payable', '=', true)
    .where('deletedAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return open !== undefined;
}

export async function completeRequest(trx: Db, requestId: string): Promise<void> {
  await trx.updateTable('requests').set({ status: 'complete' }).where('id', '=', requestId).execute();
}
