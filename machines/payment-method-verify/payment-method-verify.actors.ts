/** Micro-deposit verification of a bank account (`POST .../paymentmethods/{id}/verify`, openapi/portal.yaml). */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

type PaymentMethod = components['schemas']['PaymentMethod'];

export interface VerifyInput {
  vendorId: string;
  locationId: string;
  paymentMethodId: string;
  /** The two deposits in cents (1–99 each), any order. */
  amountsCents: [number, number];
}

/** The answers the chart names; any other failure is thrown (generic error). */
export type VerifyResult =
  | { result: 'verified'; paymentMethod: PaymentMethod | null }
  | { result: 'wrong'; attemptsLeft: number | null }
  | { result: 'locked' };

const VERIFY_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentmethods/{paymentMethodId}/verify';

/**
 * The attempts left, read from the server's 422 `verification_failed` message ("… 2 attempts left.");
 * null when the message does not say (the error shape of the contract has no field for it).
 */
export function attemptsLeftOf(message: unknown): number | null {
  const m = typeof message === 'string' ? /(\d+)\s+attempts?\s+left/i.exec(message) : null;
  return m ? Number(m[1]) : null;
}

export const verifyPaymentMethod = fromPromise<VerifyResult, VerifyInput>(async ({ input, signal }) => {
  const { amountsCents, ...path } = input;
  const result = await api.POST(VERIFY_PATH, { params: { path }, body: { amounts: [amountsCents[0] / 100, amountsCents[1] / 100] }, signal });
  if (result.response.ok && result.data) return { result: 'verified', paymentMethod: result.data.paymentMethod };
  const error = (result.error ?? {}) as { errorCode?: string; message?: string };
  if (result.response.status === 409 && error.errorCode === 'already_verified') return { result: 'verified', paymentMethod: null };
  if (error.errorCode === 'verification_locked' || result.response.status === 429) return { result: 'locked' };
  if (error.errorCode === 'verification_failed') return { result: 'wrong', attemptsLeft: attemptsLeftOf(error.message) };
  return unwrap(VERIFY_PATH, result) as never;
});
