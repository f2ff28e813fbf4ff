/**
 * The events a vendor hears (openapi/vendor.yaml, "Events"): written with `recordEvent` inside the transaction of
 * the change that causes them — no event without its change, no change without its event — and delivered afterwards
 * by server/jobs/webhooks.ts. Amounts in dollars, as everywhere in the vendor API.
 */
import type { components } from '../../core/api/vendor-schema.js';
import { centsToAmount } from '../../core/rules/money.js';
import type { Db } from '../db/connect.js';
import { toDateString, toIsoString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { vendorAuthorization, vendorPaymentGroup } from '../domain/vendor-payment-group.js';
import { authorizationOfVendor } from '../repos/authorizations.js';
import { eventAutopay, eventInvoices, eventParties, eventPaymentMethod, eventPaymentPlan } from '../repos/event-subjects.js';
import { paymentGroupById } from '../repos/vendor-payment-groups.js';
import { insertEvent } from '../repos/webhooks.js';

export const EVENT_TYPES = [
  'payment_group.scheduled',
  'payment_group.completed',
  'payment_group.failed',
  'payment_group.canceled',
  'payment_group.returned',
  'invoice.disputed',
  'invoice.short_paid',
  'comment.added',
  'autopay.enabled',
  'autopay.updated',
  'autopay.disabled',
  'autopay.paused',
  'payment_plan.created',
  'payment_plan.method_changed',
  'payment_plan.paused',
  'payment_method.added',
  'payment_method.deleted',
  'statement_delivery.changed',
  'reminder.added',
  'reminder.deleted',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'import.completed',
  // sent only by POST /webhook-endpoints/{id}/test, to that endpoint (sendTestEvent)
  'ping',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export async function recordEvent(trx: Db, vendorId: string, type: EventType, data: Record<string, unknown>, now = new Date()): Promise<string> {
  return insertEvent(trx, vendorId, type, data, now);
}

/** `payment_group.<status>` with the group as it now is, in the shape of the reconciliation feed's PaymentGroup. */
export async function recordPaymentGroupEvent(
  trx: Db,
  type: 'payment_group.scheduled' | 'payment_group.completed' | 'payment_group.failed' | 'payment_group.canceled' | 'payment_group.returned',
  groupId: string, now = new Date()) {
  const group = await paymentGroupById(trx, groupId);
  if (!group) return;
  await recordEvent(trx, group.vendorId, type, { paymentGroup: vendorPaymentGroup(group) }, now);
}

/**
 * `invoice.disputed` ($0 with a reason) and `invoice.short_paid` (less than open, with its reason): one event per
 * adjusted invoice of a payment the customer just scheduled.
 */
export async function recordAdjustmentEvents(
  trx: Db,
  vendorId: string,
  adjustments: Array<{ invoiceId: string; invoiceExternalId: string; displayInvNum: string; openCents: number; paidCents: number; reason: string; notes: string; contactId: string; paymentGroupId: string | null }>,
  now = new Date(),
) {
  for (const a of adjustments) {
    await recordEvent(
      trx,
      vendorId,
      a.paidCents === 0 ? 'invoice.disputed' : 'invoice.short_paid',
      {
        invoice: { id: a.invoiceId, externalId: a.invoiceExternalId, displayInvNum: a.displayInvNum, openAmount: centsToAmount(a.openCents) },
        newAmount: centsToAmount(a.paidCents),
        reason: a.reason,
        notes: a.notes,
        contactId: a.contactId,
        paymentGroupId: a.paymentGroupId,
      },
      now,
    );
  }
}

// ───────────────────────────── what the customer does in the portal ─────────────────────────────
//
// Each event's data is typed by its schema in the contract (openapi/vendor.yaml, `webhooks:`), so the compiler holds
// the two together. Every one names who and where (`contact`, `location`, with the vendor's own ids when it has them);
// a saved method is only ever its type, name and last four.

type Schemas = components['schemas'];

async function partiesOf(trx: Db, vendorId: string, contactId: string, locationId: string): Promise<Pick<Schemas['CommentEventData'], 'contact' | 'location'>> {
  const { contact, location } = await eventParties(trx, vendorId, contactId, locationId);
  return {
    contact: { id: contact.id, externalId: contact.externalId ?? null, name: `${contact.firstName} ${contact.lastName}` },
    location: { id: location.id, externalId: location.externalId },
  };
}

async function invoicesOf(trx: Db, vendorId: string, ids: readonly string[]): Promise<Schemas['EventInvoice'][]> {
  return (await eventInvoices(trx, vendorId, ids)).map((i) => ({
    id: i.id,
    externalId: i.externalId,
    displayInvNum: i.displayInvNum,
    openAmount: centsToAmount(i.openAmountCents),
  }));
}

async function methodOf(trx: Db, id: string): Promise<Schemas['EventPaymentMethod']> {
  const m = await eventPaymentMethod(trx, id);
  return { id: m.id, type: paymentMethodTypeOf(m.provider), name: m.name, lastFour: m.lastFour, verified: !m.verificationRequired };
}

/** `comment.added`: the customer's comment on an invoice (its message id, text and time). */
export async function recordCommentEvent(
  trx: Db,
  comment: { id: string; vendorId: string; locationId: string; contactId: string; invoiceId: string; text: string; createdAt: Date | string },
  now = new Date(),
) {
  const [invoice] = await invoicesOf(trx, comment.vendorId, [comment.invoiceId]);
  const data: Schemas['CommentEventData'] = {
    comment: { id: comment.id, text: comment.text, createdAt: toIsoString(comment.createdAt) },
    invoice,
    ...(await partiesOf(trx, comment.vendorId, comment.contactId, comment.locationId)),
  };
  await recordEvent(trx, comment.vendorId, 'comment.added', data, now);
}

async function autopayOf(trx: Db, id: string) {
  const row = await eventAutopay(trx, id);
  const autopay: Schemas['EventAutopay'] = {
    id: row.id,
    startDate: toDateString(row.startDate),
    method: await methodOf(trx, row.paymentMethodId),
    excludedInvoices: await invoicesOf(trx, row.vendorId, row.excludedInvoiceIds ?? []),
    authorization: vendorAuthorization(await authorizationOfVendor(trx, row.vendorId, row.authorizationId)),
  };
  return { row, autopay, parties: await partiesOf(trx, row.vendorId, row.contactId, row.locationId) };
}

/** `autopay.enabled`: AutoPay as it was just set up. */
export async function recordAutopayEnabled(trx: Db, autopayId: string, now = new Date()) {
  const { row, autopay, parties } = await autopayOf(trx, autopayId);
  const data: Schemas['AutopayEventData'] = { autopay, ...parties };
  await recordEvent(trx, row.vendorId, 'autopay.enabled', data, now);
}

/**
 * `autopay.updated`: AutoPay as it now is, what changed and what that was. The caller records it only when something
 * did change.
 */
export async function recordAutopayUpdated(
  trx: Db,
  autopayId: string,
  previous: { paymentMethodId: string } | { excludedInvoiceIds: string[] },
  now = new Date(),
) {
  const { row, autopay, parties } = await autopayOf(trx, autopayId);
  const data: Schemas['AutopayUpdatedEventData'] =
    'paymentMethodId' in previous
      ? { autopay, changes: ['method'], previous: { method: await methodOf(trx, previous.paymentMethodId) }, ...parties }
      : {
          autopay,
          changes: ['excludedInvoices'],
          previous: { excludedInvoices: await invoicesOf(trx, row.vendorId, previous.excludedInvoiceIds) },
          ...parties,
        };
  await recordEvent(trx, row.vendorId, 'autopay.updated', data, now);
}

/** `autopay.disabled`: AutoPay as it was, the vendor's date, and the scheduled payments canceled with it. */
export async function recordAutopayDisabled(trx: Db, autopayId: string, deactivationDate: string, canceledPaymentGroupIds: string[], now = new Date()) {
  const { row, autopay, parties } = await autopayOf(trx, autopayId);
  const data: Schemas['AutopayDisabledEventData'] = { autopay, deactivationDate, canceledPaymentGroupIds, ...parties };
  await recordEvent(trx, row.vendorId, 'autopay.disabled', data, now);
}

/** What paused an AutoPay or plan: the return code that made its bank account unusable, and the returned payment. */
type PauseCause = { returnCode: string; paymentGroupId: string };

/** `autopay.paused`: AutoPay as it is, paused by a return that made its bank account unusable. */
export async function recordAutopayPaused(trx: Db, autopayId: string, cause: PauseCause, now = new Date()) {
  const { row, autopay, parties } = await autopayOf(trx, autopayId);
  const data: Schemas['AutopayPausedEventData'] = { autopay, returnCode: cause.returnCode as Schemas['AutopayPausedEventData']['returnCode'], paymentGroupId: cause.paymentGroupId, ...parties };
  await recordEvent(trx, row.vendorId, 'autopay.paused', data, now);
}

async function planOf(trx: Db, id: string) {
  const row = await eventPaymentPlan(trx, id);
  const paymentPlan: Schemas['EventPaymentPlan'] = {
    id: row.id,
    requestId: row.requestId,
    name: row.name,
    status: row.status,
    frequency: row.frequency,
    startDate: toDateString(row.startDate),
    totalAmount: centsToAmount(row.totalAmountCents),
    eachAmount: centsToAmount(row.eachAmountCents),
    method: await methodOf(trx, row.paymentMethodId),
    invoices: await invoicesOf(trx, row.vendorId, row.invoiceIds ?? []),
    authorization: vendorAuthorization(await authorizationOfVendor(trx, row.vendorId, row.authorizationId)),
  };
  return { row, paymentPlan, parties: await partiesOf(trx, row.vendorId, row.contactId, row.locationId) };
}

/** `payment_plan.created`: the plan as it was just set up. */
export async function recordPaymentPlanCreated(trx: Db, planId: string, now = new Date()) {
  const { row, paymentPlan, parties } = await planOf(trx, planId);
  const data: Schemas['PaymentPlanEventData'] = { paymentPlan, ...parties };
  await recordEvent(trx, row.vendorId, 'payment_plan.created', data, now);
}

/** `payment_plan.method_changed`: the plan with its new method, and the one it had. */
export async function recordPaymentPlanMethodChanged(trx: Db, planId: string, previousMethodId: string, now = new Date()) {
  const { row, paymentPlan, parties } = await planOf(trx, planId);
  const data: Schemas['PaymentPlanMethodChangedEventData'] = { paymentPlan, previousMethod: await methodOf(trx, previousMethodId), ...parties };
  await recordEvent(trx, row.vendorId, 'payment_plan.method_changed', data, now);
}

/** `payment_plan.paused`: the plan as it is, paused by a return that made its bank account unusable. */
export async function recordPaymentPlanPaused(trx: Db, planId: string, cause: PauseCause, now = new Date()) {
  const { row, paymentPlan, parties } = await planOf(trx, planId);
  const data: Schemas['PaymentPlanPausedEventData'] = {
    paymentPlan,
    returnCode: cause.returnCode as Schemas['PaymentPlanPausedEventData']['returnCode'],
    paymentGroupId: cause.paymentGroupId,
    ...parties,
  };
  await recordEvent(trx, row.vendorId, 'payment_plan.paused', data, now);
}

/** `payment_method.added` (when attached; a bank account still unverified) and `payment_method.deleted`. */
export async function recordPaymentMethodEvent(
  trx: Db,
  scope: { contactId: string; vendorId: string; locationId: string },
  change: { type: 'payment_method.added'; methodId: string } | { type: 'payment_method.deleted'; methodId: string; canceledPaymentGroupIds: string[] },
  now = new Date(),
) {
  const paymentMethod = await methodOf(trx, change.methodId);
  const parties = await partiesOf(trx, scope.vendorId, scope.contactId, scope.locationId);
  const data: Schemas['PaymentMethodEventData'] | Schemas['PaymentMethodDeletedEventData'] =
    change.type === 'payment_method.added'
      ? { paymentMethod, ...parties }
      : { paymentMethod, canceledPaymentGroupIds: change.canceledPaymentGroupIds, ...parties };
  await recordEvent(trx, scope.vendorId, change.type, data, now);
}

/** `statement_delivery.changed`: turned on, updated or turned off, with the delivery as it now is (or was). */
export async function recordStatementDeliveryChanged(
  trx: Db,
  change: Schemas['StatementDeliveryEventData']['change'],
  delivery: {
    id: string;
    vendorId: string;
    locationId: string;
    contactId: string;
    scheduleUnit: Schemas['StatementDeliveryEventData']['statementDelivery']['scheduleUnit'];
    scheduleValue: string;
    sendEmptyStatements: boolean;
    activeFrom: string | Date;
  },
  now = new Date(),
) {
  const data: Schemas['StatementDeliveryEventData'] = {
    change,
    statementDelivery: {
      id: delivery.id,
      scheduleUnit: delivery.scheduleUnit,
      scheduleValue: delivery.scheduleValue,
      sendEmptyStatements: delivery.sendEmptyStatements,
      activeFrom: toDateString(delivery.activeFrom),
    },
    ...(await partiesOf(trx, delivery.vendorId, delivery.contactId, delivery.locationId)),
  };
  await recordEvent(trx, delivery.vendorId, 'statement_delivery.changed', data, now);
}

/** `reminder.added` / `reminder.deleted`: the reminder's day and where it goes. */
export async function recordReminderEvent(
  trx: Db,
  type: 'reminder.added' | 'reminder.deleted',
  reminder: { id: string; vendorId: string; locationId: string; contactId: string; eventDay: number; deliverTo: string },
  now = new Date(),
) {
  const data: Schemas['ReminderEventData'] = {
    reminder: { id: reminder.id, eventDay: reminder.eventDay, deliverTo: reminder.deliverTo },
    ...(await partiesOf(trx, reminder.vendorId, reminder.contactId, reminder.locationId)),
  };
  await recordEvent(trx, reminder.vendorId, type, data, now);
}
