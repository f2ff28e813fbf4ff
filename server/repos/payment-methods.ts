/**
 * Saved payment methods, shaped as the contract's PaymentMethod / PaymentMethodSummary. Never a full number.
 *
 * Every query is scoped to the contact, vendor and location of the call: a method of another contact or location
 * is "not found" (404), never data. Writes run in a transaction and lock the rows they decide on, so a refused call
 * writes nothing and two concurrent calls cannot both use a one-time key or both pass a verification limit.
 */
import type { Db } from '../db/connect.js';
import type { PaymentMethod, PaymentProvider } from '../db/schema.js';
import { hashToken } from '../db/tokens.js';
import { toDateString, toIsoString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';
import { normaliseProvider, paymentMethodTypeOf } from '../domain/payments.js';
import { ApiError, notFound } from '../http/errors.js';
import { paymentsDb } from '../payments-service/schema.js';
import { cancelScheduledGroups } from './payment-groups.js';
import { lockPaymentAttempts, paymentAttemptLimitReached, paymentAttemptsRateLimited, recordPaymentAttempt } from './payment-attempts.js';
import type { ProcessorRegistry } from '../payments-service/processor.js';
import { toApiPaymentConfigs, type ApiPaymentConfig } from './vendors.js';

export function toApiPaymentMethod(
  method: Pick<PaymentMethod, 'id' | 'provider' | 'deletedAt' | 'name' | 'lastFour' | 'serviceFee' | 'verificationRequired'>,
  contact: { firstName: string; lastName: string }) {
  return {
    id: method.id,
    type: paymentMethodTypeOf(method.provider),
    provider: normaliseProvider(method.provider),
    deletedAt: toIsoString(method.deletedAt),
    displayExtra: {
      name: method.name,
      lastFour: method.lastFour,
      serviceFee: method.serviceFee ?? null,
      verificationRequired: method.verificationRequired,
    },
    contactFirstName: contact.firstName,
    contactLastName: contact.lastName,
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

/** Wrong micro-deposit amounts accepted before the method is locked. */
export const MAX_VERIFICATION_ATTEMPTS = 3;
/** Message of 409 `payment_method_in_use`. */
export const PAYMENT_METHOD_IN_USE_MESSAGE =
  'This payment method is used by AutoPay or a payment plan and cannot be deleted. Please contact your representative.';
/** Message of 409 `scheduled_payments_exist` (a delete without `cancelScheduledPayments`). */
export const SCHEDULED_PAYMENTS_EXIST_MESSAGE =
  'Scheduled payments use this payment method. Deleting it cancels them: confirm that to delete it.';

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

/** One method of the scope (not deleted), or 404. */
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
  if (!row) throw notFound('payment method');
  return toApiPaymentMethod(row, await contactNames(db, scope.contactId));
}

const invalidKey = () =>
  new ApiError(422, 'invalid_payment_method_key', 'paymentMethodKey: the key is unknown, expired or already used; add the payment method again.', 'paymentMethodKey');

/**
 * `createPaymentMethod`: turns the tokenizer's one-time key into a saved method of the location. A key of another
 * contact, vendor or location → 404; unknown, expired or used → 422 `invalid_payment_method_key`. A bank account
 * starts pending verification, with the micro-deposits its processor sent.
 */
export async function attachTokenizedMethod(db: Db, scope: MethodScope, key: string, processors: ProcessorRegistry, now = new Date()) {
  const id = await paymentsDb(db).transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('tokenizedMethods')
      .selectAll()
      .where('keyHash', '=', hashToken(key))
      .forUpdate()
      .executeTakeFirst();
    if (!pending) throw invalidKey();
    if (pending.contactId !== scope.contactId || pending.vendorId !== scope.vendorId || pending.locationId !== scope.locationId) {
      throw notFound('payment method key');
    }
    if (pending.usedAt !== null || new Date(pending.expiresAt).getTime() <= now.getTime()) throw invalidKey();

    const provider = pending.provider as PaymentProvider;
    const isCard = paymentMethodTypeOf(provider) === 'CC';
    const config = (await enabledPaymentConfigs(trx as unknown as Db, scope.vendorId, scope.locationId)).find((c) => c.provider === provider);
    const method = await trx
      .insertInto('paymentMethods')
      .values({
        contactId: scope.contactId,
        vendorId: scope.vendorId,
        locationId: scope.locationId,
        provider,
        name: pending.nickname ?? pending.brand ?? (isCard ? 'Card' : 'Bank account'),
        lastFour: pending.lastFour,
        brand: pending.brand,
        expMonth: pending.expMonth,
        expYear: pending.expYear,
        serviceFee: isCard ? (config?.serviceFee ?? null) : null,
        verificationRequired: !isCard,
        providerToken: pending.providerToken,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!isCard) {
      const [amount1Cents, amount2Cents] = await processors[provider].sendMicroDeposits(pending.providerToken);
      await trx.insertInto('paymentMethodVerifications').values({ paymentMethodId: method.id, amount1Cents, amount2Cents }).execute();
    }
    await trx.updateTable('tokenizedMethods').set({ usedAt: now, paymentMethodId: method.id }).where('id', '=', pending.id).execute();
    return method.id;
  });
  return getPaymentMethod(db, scope, id);
}

/**
 * `deletePaymentMethod`: soft delete; refused (409 `payment_method_in_use`) while an active AutoPay or an active
 * payment plan uses it. Scheduled payment groups paying with it are canceled in the same transaction when the
 * customer confirmed that (`cancelScheduledPayments`), else refused (409 `scheduled_payments_exist`) — settlement
 * never pays with a deleted method. A canceled group's invoices are payable again unless another scheduled group
 * still pays them, and each gets a "Payment Canceled" journey entry.
 */
export async function deletePaymentMethod(
  db: Db,
  scope: MethodScope,
  id: string,
  options: { cancelScheduledPayments?: boolean } = {},
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    const method = await trx
      .selectFrom('paymentMethods')
      .select(['id', 'name', 'lastFour'])
      .where('id', '=', id)
      .where('contactId', '=', scope.contactId)
      .where('vendorId', '=', scope.vendorId)
      .where('locationId', '=', scope.locationId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!method) throw notFound('payment method');
    const usage = await methodUsage(trx, id);
    if (usage.hasAutopay || usage.hasPaymentPlan) throw new ApiError(409, 'payment_method_in_use', PAYMENT_METHOD_IN_USE_MESSAGE);
    if (usage.hasScheduledPayment) {
      if (!options.cancelScheduledPayments) throw new ApiError(409, 'scheduled_payments_exist', SCHEDULED_PAYMENTS_EXIST_MESSAGE);
      // the method is the scope's (checked and locked above); cancelScheduledGroups keeps only the scope's groups
      const groups = await trx.selectFrom('paymentGroups').select('id').where('paymentMethodId', '=', id).where('status', '=', 'scheduled').execute();
      const methodLabel = `${method.name} ${method.lastFour}`;
      await cancelScheduledGroups(trx, scope, groups.map((g) => g.id), { kind: 'method-deleted', methodLabel }, now);
    }
    await trx.updateTable('paymentMethods').set({ deletedAt: now }).where('id', '=', id).execute();
  });
}

async function methodUsage(db: Db, id: string) {
  const [autopay, plan, group] = await Promise.all([
    db.selectFrom('autopays').select('id').where('paymentMethodId', '=', id).where('deletedAt', 'is', null).limit(1).executeTakeFirst(),
    db.selectFrom('paymentPlans').select('id').where('paymentMethodId', '=', id).where('status', '=', 'active').limit(1).executeTakeFirst(),
    db.selectFrom('paymentGroups').select('id').where('paymentMethodId', '=', id).where('status', '=', 'scheduled').limit(1).executeTakeFirst(),
  ]);
  return { hasAutopay: autopay !== undefined, hasPaymentPlan: plan !== undefined, hasScheduledPayment: group !== undefined };
}

/** `listPaymentsByMethod`: scheduled payment lines made with the method, and its AutoPay / plan usage. */
export async function paymentsByMethod(db: Db, scope: MethodScope, id: string) {
  await getPaymentMethod(db, scope, id);
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

export type VerifyOutcome =
  | { result: 'verified' }
  | { result: 'failed'; attemptsLeft: number }
  | { result: 'locked' }
  | { result: 'rate_limited' };

/**
 * `verifyPaymentMethod`: the two micro-deposit amounts in cents, any order. A method that needs no verification →
 * 409 `already_verified`; right amounts clear `verificationRequired`; wrong ones count an attempt (committed) and
 * answer 422 `verification_failed` with the attempts left; the third wrong attempt, and every attempt after it,
 * answer 422 `verification_locked`. A pending method without stored amounts (e.g. demo data) gets its processor's
 * micro-deposits on the first attempt.
 */
export async function verifyPaymentMethod(db: Db, scope: MethodScope, id: string, amountsCents: [number, number], processors: ProcessorRegistry) {
  const outcome = await paymentsDb(db).transaction().execute(async (trx): Promise<VerifyOutcome> => {
    const method = await trx
      .selectFrom('paymentMethods')
      .select(['id', 'provider', 'verificationRequired', 'providerToken'])
      .where('id', '=', id)
      .where('contactId', '=', scope.contactId)
      .where('vendorId', '=', scope.vendorId)
      .where('locationId', '=', scope.locationId)
      .where('deletedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!method) throw notFound('payment method');
    if (!method.verificationRequired) throw new ApiError(409, 'already_verified', 'This payment method is already verified.');

    let verification = await trx.selectFrom('paymentMethodVerifications').selectAll().where('paymentMethodId', '=', id).executeTakeFirst();
    if (!verification) {
      const [amount1Cents, amount2Cents] = await processors[method.provider].sendMicroDeposits(method.providerToken);
      verification = await trx
        .insertInto('paymentMethodVerifications')
        .values({ paymentMethodId: id, amount1Cents, amount2Cents })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (verification.failedAttempts >= MAX_VERIFICATION_ATTEMPTS) return { result: 'locked' };
    // Guessing across methods: at most 10 wrong answers per contact and day, whichever methods they were for.
    await lockPaymentAttempts(trx as unknown as Db, scope.contactId, 'verification_failed');
    if (await paymentAttemptLimitReached(trx as unknown as Db, scope.contactId, 'verification_failed')) return { result: 'rate_limited' };

    const expected = [verification.amount1Cents, verification.amount2Cents].sort((a, b) => a - b);
    const given = [...amountsCents].sort((a, b) => a - b);
    if (expected[0] === given[0] && expected[1] === given[1]) {
      await trx.updateTable('paymentMethodVerifications').set({ verifiedAt: new Date() }).where('paymentMethodId', '=', id).execute();
      await trx.updateTable('paymentMethods').set({ verificationRequired: false }).where('id', '=', id).execute();
      return { result: 'verified' };
    }
    const failedAttempts = verification.failedAttempts + 1;
    await trx.updateTable('paymentMethodVerifications').set({ failedAttempts }).where('paymentMethodId', '=', id).execute();
    await recordPaymentAttempt(trx as unknown as Db, scope.contactId, 'verification_failed');
    return failedAttempts >= MAX_VERIFICATION_ATTEMPTS ? { result: 'locked' } : { result: 'failed', attemptsLeft: MAX_VERIFICATION_ATTEMPTS - failedAttempts };
  });

  if (outcome.result === 'rate_limited') throw paymentAttemptsRateLimited('verification_failed');
  if (outcome.result === 'locked') {
    throw new ApiError(
      422,
      'verification_locked',
      'The amounts were wrong too many times; this bank account cannot be verified. Delete it and add it again, or contact your representative.',
    );
  }
  if (outcome.result === 'failed') {
    const left = outcome.attemptsLeft;
    throw new ApiError(422, 'verification_failed', `The amounts do not match the deposits. ${left} attempt${left === 1 ? '' : 's'} left.`, 'amounts');
  }
  return getPaymentMethod(db, scope, id);
}
