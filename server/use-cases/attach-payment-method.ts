/**
 * `createPaymentMethod`: turns the tokenizer's one-time key into a saved method of the location. A key of another
 * contact, vendor or location is not found; unknown, expired or used → `invalid_payment_method_key`. A bank account
 * starts pending verification, with the micro-deposits its processor sent. The key row is locked, so two calls
 * cannot both use one key.
 *
 * The vendor hears `payment_method.added` from the same transaction, when the method is attached — a bank account too,
 * still unverified (`verified: false`): from then on it is the customer's, listed and deletable (and its delete is an
 * event too). Confirming the micro-deposits (verify-payment-method.ts) sends no event: the method is the same one,
 * and the events that name it later carry `verified` as it then is.
 */
import type { Db } from '../db/connect.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import type { ProcessorRegistry } from '../payments-service/processor.js';
import { lockTokenizedMethodByKey, markTokenizedMethodUsed } from '../payments-service/tokenized-methods.js';
import { insertVerification } from '../repos/payment-method-verifications.js';
import { enabledPaymentConfigs, getPaymentMethod, insertPaymentMethod, type MethodScope } from '../repos/payment-methods.js';
import { attempt, refuse } from './outcome.js';
import { recordPaymentMethodEvent } from './vendor-events.js';

const invalidKey = () =>
  refuse(
    'unprocessable',
    'invalid_payment_method_key',
    'paymentMethodKey: the key is unknown, expired or already used; add the payment method again.',
    'paymentMethodKey',
  );

export async function attachPaymentMethod(db: Db, scope: MethodScope, key: string, processors: ProcessorRegistry, now = new Date()) {
  return attempt(async () => {
    const id = await db.transaction().execute(async (trx) => {
      const pending = await lockTokenizedMethodByKey(trx, key);
      if (!pending) throw invalidKey();
      if (pending.contactId !== scope.contactId || pending.vendorId !== scope.vendorId || pending.locationId !== scope.locationId) {
        throw refuse('not_found', 'not_found', 'The payment method key was not found.');
      }
      if (pending.usedAt !== null || new Date(pending.expiresAt).getTime() <= now.getTime()) throw invalidKey();

      const provider = pending.provider;
      const isCard = paymentMethodTypeOf(provider) === 'CC';
      const config = (await enabledPaymentConfigs(trx, scope.vendorId, scope.locationId)).find((c) => c.provider === provider);
      const methodId = await insertPaymentMethod(trx, {
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
        // the processor's answer at tokenization; a card it said nothing of counts as credit (core/rules/fees.ts)
        cardFunding: isCard ? (pending.cardFunding ?? 'credit') : null,
        verificationRequired: !isCard,
        providerToken: pending.providerToken,
      });
      if (!isCard) {
        const [amount1Cents, amount2Cents] = await processors[provider].sendMicroDeposits(pending.providerToken);
        await insertVerification(trx, { paymentMethodId: methodId, amount1Cents, amount2Cents });
      }
      await markTokenizedMethodUsed(trx, pending.id, methodId, now);
      await recordPaymentMethodEvent(trx, scope, { type: 'payment_method.added', methodId }, now);
      return methodId;
    });
    return (await getPaymentMethod(db, scope, id))!;
  });
}
