/** Payment groups (one-time, AutoPay and plan payments), shaped as the contract's PaymentGroup. */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { centsToAmount } from '../domain/money.js';
import { apiSourceType, paymentMethodTypeOf } from '../domain/payments.js';

export interface PaymentGroupFilter {
  contactId: string;
  locationId: string;
  sourceType?: 'Portal' | 'Click2Pay' | 'Payment Plan' | 'Autopay Plus' | 'Message';
  paymentPlanIds?: string[];
}

function groupsQuery(db: Db, filter: PaymentGroupFilter) {
  let query = db
    .selectFrom('paymentGroups as g')
    .innerJoin('paymentMethods as pm', 'pm.id', 'g.paymentMethodId')
    .innerJoin('contacts as c', 'c.id', 'g.contactId')
    .leftJoin('paymentPlans as pp', 'pp.id', 'g.paymentPlanId')
    .selectAll('g')
    .select([
      'pm.provider as methodProvider',
      'pm.name as methodName',
      'pm.lastFour as methodLastFour',
      'c.firstName as contactFirstName',
      'c.lastName as contactLastName',
      'pp.name as planName',
      'pp.frequency as planFrequency',
    ])
    .where('g.contactId', '=', filter.contactId)
    .where('g.locationId', '=', filter.locationId);
  if (filter.sourceType) query = query.where('g.sourceType', '=', filter.sourceType);
  if (filter.paymentPlanIds) query = query.where('g.paymentPlanId', 'in', filter.paymentPlanIds);
  return query.orderBy('g.paymentDate', 'desc').orderBy('g.createdAt', 'desc');
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof groupsQuery>['execute']>>[number];

export function toApiPaymentGroup(row: GroupRow) {
  const methodType = paymentMethodTypeOf(row.methodProvider);
  return {
    id: row.id,
    confirmationNumber: row.confirmationNumber,
    paymentDate: toDateString(row.paymentDate),
    paymentTotal: centsToAmount(row.paymentTotalCents),
    paymentType: row.paymentType,
    status: row.status,
    sourceType: apiSourceType(row.sourceType),
    paymentPlanId: row.paymentPlanId,
    paymentPlanName: row.planName ?? null,
    paymentPlanFrequency: row.planFrequency ?? null,
    requestId: row.requestId,
    paymentMethodLastFour: row.methodLastFour,
    paymentMethodName: row.methodName,
    paymentMethodType: methodType,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    paymentMethod: { type: methodType, displayExtra: { name: row.methodName, lastFour: row.methodLastFour } },
    providerExtra: { statementDescriptor: null },
  };
}

export async function listPaymentGroups(db: Db, filter: PaymentGroupFilter) {
  if (filter.paymentPlanIds && filter.paymentPlanIds.length === 0) return [];
  const rows = await groupsQuery(db, filter).execute();
  return rows.map(toApiPaymentGroup);
}
