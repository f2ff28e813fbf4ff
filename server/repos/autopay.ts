/** The active AutoPay Plus of a location for the contact (dashboard: "AUTOPAY ON"). */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { listPaymentGroups } from './payment-groups.js';
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
