/**
 * `verifyPaymentMethod`: the two micro-deposit amounts in cents, any order. A method that needs no verification →
 * `already_verified`; right amounts clear `verificationRequired`; wrong ones count an attempt (committed) and are
 * refused with `verification_failed` and the attempts left; the third wrong attempt, and every attempt after it, with
 * `verification_locked`. A pending method without stored amounts (e.g. demo data) gets its processor's
 * micro-deposits on the first attempt. Guessing across methods is limited per contact (`rate_limited`).
 */
import type { Db } from '../db/connect.js';
import type { ProcessorRegistry } from '../payments-service/processor.js';
import { lockPaymentAttempts, paymentAttemptLimitReached, recordPaymentAttempt, type PaymentAttemptKind } from '../repos/payment-attempts.js';
import { getVerification, insertVerification, markVerified, setFailedVerificationAttempts } from '../repos/payment-method-verifications.js';
import { clearVerificationRequired, getPaymentMethod, lockLiveMethod, type MethodScope } from '../repos/payment-methods.js';
import { notFoundRefusal, ok, refusal, type Outcome, type Refusal } from './outcome.js';

/** Wrong micro-deposit amounts accepted before the method is locked. */
export const MAX_VERIFICATION_ATTEMPTS = 3;

/** The refusal of a reached attempt limit (the caller says when to retry: `retryAfterSeconds` of the repository). */
export function paymentAttemptsRefusal(kind: PaymentAttemptKind): Refusal {
  return refusal(
    'rate_limited',
    'rate_limited',
    kind === 'tokenize'
      ? 'Too many payment method attempts. Please try again later.'
      : 'Too many wrong verification amounts. Please try again tomorrow or contact your representative.',
  );
}

type Check =
  | { result: 'verified' }
  | { result: 'failed'; attemptsLeft: number }
  | { result: 'locked' }
  | { result: 'rate_limited' }
  | { result: 'not_found' }
  | { result: 'already_verified' };

export async function verifyPaymentMethod(db: Db, scope: MethodScope, id: string, amountsCents: [number, number], processors: ProcessorRegistry) {
  // A wrong answer is committed (it counts), so this transaction ends normally whatever the answer.
  const check = await db.transaction().execute(async (trx): Promise<Check> => {
    const method = await lockLiveMethod(trx, scope, id, 'update');
    if (!method) return { result: 'not_found' };
    if (!method.verificationRequired) return { result: 'already_verified' };

    let verification = await getVerification(trx, id);
    if (!verification) {
      const [amount1Cents, amount2Cents] = await processors[method.provider].sendMicroDeposits(method.providerToken);
      verification = await insertVerification(trx, { paymentMethodId: id, amount1Cents, amount2Cents });
    }
    if (verification.failedAttempts >= MAX_VERIFICATION_ATTEMPTS) return { result: 'locked' };
    // Guessing across methods: at most 10 wrong answers per contact and day, whichever methods they were for.
    await lockPaymentAttempts(trx, scope.contactId, 'verification_failed');
    if (await paymentAttemptLimitReached(trx, scope.contactId, 'verification_failed')) return { result: 'rate_limited' };

    const expected = [verification.amount1Cents, verification.amount2Cents].sort((a, b) => a - b);
    const given = [...amountsCents].sort((a, b) => a - b);
    if (expected[0] === given[0] && expected[1] === given[1]) {
      await markVerified(trx, id, new Date());
      await clearVerificationRequired(trx, id);
      return { result: 'verified' };
    }
    const failedAttempts = verification.failedAttempts + 1;
    await setFailedVerificationAttempts(trx, id, failedAttempts);
    await recordPaymentAttempt(trx, scope.contactId, 'verification_failed');
    return failedAttempts >= MAX_VERIFICATION_ATTEMPTS ? { result: 'locked' } : { result: 'failed', attemptsLeft: MAX_VERIFICATION_ATTEMPTS - failedAttempts };
  });

  const refused = (r: Refusal): Outcome<never> => ({ ok: false, refusal: r });
  switch (check.result) {
    case 'not_found':
      return refused(notFoundRefusal('payment method'));
    case 'already_verified':
      return refused(refusal('conflict', 'already_verified', 'This payment method is already verified.'));
    case 'rate_limited':
      return refused(paymentAttemptsRefusal('verification_failed'));
    case 'locked':
      return refused(
        refusal(
          'unprocessable',
          'verification_locked',
          'The amounts were wrong too many times; this bank account cannot be verified. Delete it and add it again, or contact your representative.',
        ),
      );
    case 'failed': {
      const left = check.attemptsLeft;
      return refused(refusal('unprocessable', 'verification_failed', `The amounts do not match the deposits. ${left} attempt${left === 1 ? '' : 's'} left.`, 'amounts'));
    }
    case 'verified':
      return ok((await getPaymentMethod(db, scope, id))!);
  }
}
