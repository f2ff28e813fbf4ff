/**
 * Saved payment methods, shaped as the contract's PaymentMethod / PaymentMethodSummary. Never a full number.
 *
 * Every query is scoped to the contact, vendor and location of the call: a method of another contact or location
 * is not there (undefined), never data. Attaching, verifying and deleting a method are use cases
 * (server/use-cases/); they lock the rows they decide on through the functions here.
 */
import type { Db } from '../db/connect.js';
import type { Insertable } from 'kysely';
import type { PaymentMethod, PaymentMethodsTable, PaymentProvider } from '../db/schema.js';
import { toDateString, toIsoString } from '../domain/dates.js';
import { unusableMethodText } from '../../core/rules/ach-returns.js';
import { centsToAmount } from '../../core/rules/money.js';
import { normaliseProvider, paymentMethodTypeOf } from '../domain/payments.js';
import { toApiPaymentConfigs, type ApiPaymentConfig } from './vendors.js';

export function toApiPaymentMethod(
  method: Pick<PaymentMethod, 'id' | 'provider' | 'deletedAt' | 'name' | 'lastFour' | 'serviceFee' | 'cardFunding' | 'verificationRequired'> &
    Partial<Pick<PaymentMethod, 'returnedCode' | 'unusableSince'>>,
  contact: { firstName: string; lastName: string }) {
  // a bank account returned R02/R03/R10 (migration 0020): unusable, and the list says why
  const unusable = method.returnedCode
    ? { code: method.returnedCode, message: unusableMethodText(method.returnedCode), since: toIsoString(method.unusableSince ?? new Date(0)) }
    : null;
  return {
    id: method.id,
    type: paymentMethodTypeOf(method.provider),
    provider: normaliseProvider(method.provider),
    deletedAt: toIsoString(method.deletedAt),
    displayExtra: {
      name: method.name,
      lastFour: method.lastFour,
      serviceFee: method.serviceFee ?? null,
      cardFunding: method.cardFunding ?? null,
      verificationRequired: method.verificationRequired,
    },
    contactFirstName: contact.firstName,
    contactLastName: contact.lastName,
    unusable,
  };
}

export function toApiPaymentMethodSummary(method: Pick<PaymentMethod, 'provider' | 'name' | 'lastFour'>) {
  return {
    type: paymentMethodTypeOf(method.provider),
    displayExtra: { name: method.name, lastFour: method.lastFour },
  };
}

export interface MethodScope {
  contactId: string;
  vendorId: string;
  locationId: string;
}

/** The providers enabled for a location: its own payment configs, else its vendor's. */
export async function enabledPaymentConfigs(db: Db, vendorId: string, locationId: string): Promise<ApiPaymentConfig[]> {
  const row = await db
    .selectFrom('locations as l')
    .innerJoin('vendors as v', 'v.id', 'l.vendorId')
    .select(['l.paymentConfigs as locationConfigs', 'v.paymentConfigs as vendorConfigs'])
    .where('l.id', '=', locationId)
    .where('l.vendorId', '=', vendorId)
    .executeTakeFirst();
  if (!row) return [];
  const own = toApiPaymentConfigs(row.locationConfigs);
  return own.length > 0 ? own : toApiPaymentConfigs(row.vendorConfigs);
}

async function contactNames(db: Db, contactId: string) {
  return db.selectFrom('contacts').select(['firstName', 'lastName']).where('id', '=', contactId).executeTakeFirstOrThrow();
}

/** The contact's non-deleted methods of the location, oldest first. */
export async function listPaymentMethods(db: Db, scope: MethodScope) {
  const contact = await contactNames(db, scope.contactId);
  const rows = await db
    .selectFrom('paymentMethods')
    .selectAll()
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => toApiPaymentMethod(row, contact));
}

/** One method of the scope (not deleted), or undefined. */
export async function getPaymentMethod(db: Db, scope: MethodScope, id: string) {
  const row = await db
    .selectFrom('paymentMethods')
    .selectAll()
    .where('id', '=', id)
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return toApiPaymentMethod(row, await contactNames(db, scope.contactId));
}

/**
 * The scope's live (not deleted) method `id`, locked in the caller's transaction: `share` to use it (a concurrent
 * delete waits), `update` to change it. Undefined when it is not the scope's.
 */
export async function lockLiveMethod(trx: Db, scope: MethodScope, id: string, mode: 'share' | 'update') {
  const query = trx
    .selectFrom('paymentMethods')
    .selectAll()
    .where('id', '=', id)
    .where('contactId', '=', scope.contactId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .where('deletedAt', 'is', null);
  return (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
}

/** Saves a new method; its id. */
export async function insertPaymentMethod(trx: Db, method: Insertable<PaymentMethodsTable>): Promise<string> {
  const row = await trx.insertInto('paymentMethods').values(method).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The method's micro-deposits were confirmed: it can pay. */
export async function clearVerificationRequired(trx: Db, id: string): Promise<void> {
  await trx.updateTable('paymentMethods').set({ verificationRequired: false }).where('id', '=', id).execute();
}

/** Soft delete: the method stays for the payments made with it, and is no longer listed or usable. */
export async function markMethodDeleted(trx: Db, id: string, now: Date): Promise<void> {
  await trx.updateTable('paymentMethods').set({ deletedAt: now }).where('id', '=', id).execute();
}

/** What keeps a method from being deleted silently: an active AutoPay or plan, a scheduled payment. */
export async function methodUsage(db: Db, id: string) {
  const [autopay, plan, group] = await Promise.all([
    db.selectFrom('autopays').select('id').where('paymentMethodId', '=', id).where('deletedAt', 'is', null).limit(1).executeTakeFirst(),
    db.selectFrom('paymentPlans').select('id').where('paymentMethodId', '=', id).where('status', '=', 'active').limit(1).executeTakeFirst(),
    db.selectFrom('paymentGroups').select('id').where('paymentMethodId', '=', id).where('status', '=', 'scheduled').limit(1).executeTakeFirst(),
  ]);
  return { hasAutopay: autopay !== undefined, hasPaymentPlan: plan !== undefined, hasScheduledPayment: group !== undefined };
}

/** `listPaymentsByMethod`: scheduled payment lines made with the method, and its AutoPay / plan usage. */
export async function paymentsByMethod(db: Db, scope: MethodScope, id: string) {
  if (!(await getPaymentMethod(db, scope, id))) return undefined;
  const rows = await db
    .selectFrom('payments as p')
    .innerJoin('paymentGroups as g', 'g.id', 'p.paymentGroupId')
    .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
    .select(['p.id', 'g.paymentDate', 'p.paidAmountCents', 'i.displayInvNum'])
    .where('g.paymentMethodId', '=', id)
    .where('g.contactId', '=', scope.contactId)
    .where('g.locationId', '=', scope.locationId)
    .where('g.status', '=', 'scheduled')
    .orderBy('g.paymentDate')
    .orderBy('i.displayInvNum')
    .orderBy('p.id')
    .execute();
  const usage = await methodUsage(db, id);
  return {
    payments: rows.map((row) => ({
      id: row.id,
      paymentDate: toDateString(row.paymentDate),
      paidAmount: centsToAmount(row.paidAmountCents),
      displayInvNum: row.displayInvNum,
    })),
    ...usage,
  };
}
