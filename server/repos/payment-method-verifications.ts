/**
 * The `payment_method_verifications` rows (table in server/payments-service/schema.ts): a bank account's micro-deposit
 * amounts and the wrong attempts so far. How many attempts are allowed is the use case's rule
 * (server/use-cases/verify-payment-method.ts); the functions here only read and write the rows, in the caller's
 * transaction.
 */
import type { Db } from '../db/connect.js';
import { paymentsDb } from '../payments-service/schema.js';

export interface NewVerification {
  paymentMethodId: string;
  amount1Cents: number;
  amount2Cents: number;
}

/** Stores the micro-deposits a processor sent for a method. */
export async function insertVerification(trx: Db, verification: NewVerification) {
  return paymentsDb(trx).insertInto('paymentMethodVerifications').values(verification).returningAll().executeTakeFirstOrThrow();
}

/** The micro-deposits of a method, or undefined when none were sent yet. */
export async function getVerification(trx: Db, paymentMethodId: string) {
  return paymentsDb(trx).selectFrom('paymentMethodVerifications').selectAll().where('paymentMethodId', '=', paymentMethodId).executeTakeFirst();
}

export async function markVerified(trx: Db, paymentMethodId: string, now: Date): Promise<void> {
  await paymentsDb(trx).updateTable('paymentMethodVerifications').set({ verifiedAt: now }).where('paymentMethodId', '=', paymentMethodId).execute();
}

export async function setFailedVerificationAttempts(trx: Db, paymentMethodId: string, failedAttempts: number): Promise<void> {
  await paymentsDb(trx).updateTable('paymentMethodVerifications').set({ failedAttempts }).where('paymentMethodId', '=', paymentMethodId).execute();
}
