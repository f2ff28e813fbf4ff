/**
 * Creating a payment method (spec §4): the payments service's hosted fields frame checks and tokenizes the
 * card or bank account on its own origin (`POST /payments-api/tokenizer` there, Bearer `paymentMethodsJwt`) and hands
 * this page only the one-time key, which is then attached to the location (`POST .../paymentmethods`). The card
 * number, CVC and account number never reach the portal's origin: these actors only talk to the frame's port.
 */
import { fromPromise } from 'xstate';
import { api } from '../../core/api/client';
import type { HostedFieldsPort, TokenizeAnswer } from '../../core/api/hosted-fields-protocol';
import type { components as paymentsComponents } from '../../core/api/payments-schema';
import type { components } from '../../core/api/schema';

export type TokenizeRequest = paymentsComponents['schemas']['TokenizeRequest'];
export type CardTokenizeRequest = paymentsComponents['schemas']['CardTokenizeRequest'];
export type BankAccountTokenizeRequest = paymentsComponents['schemas']['BankAccountTokenizeRequest'];
export type PaymentMethod = components['schemas']['PaymentMethod'];

/**
 * A failed creation with the code spec §4 stores: the first processor error code ('unknown' when
 * it is blank) for a refusal of the payments service, '' for any other failure.
 */
export class PaymentMethodCreateError extends Error {
  readonly code: string;
  constructor(code: string, message = 'payment method creation failed') {
    super(message);
    this.name = 'PaymentMethodCreateError';
    this.code = code;
  }
}

/** The code of a failure: a PaymentMethodCreateError's code, '' for anything else. */
export function createFailureCode(error: unknown): string {
  return error instanceof PaymentMethodCreateError ? error.code : typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : '';
}

/** The first processor error code of a refusal body; 'unknown' when blank; '' when the body has none. */
export function processorCode(body: unknown): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return '';
  const code = (errors[0] as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.trim() !== '' ? code.trim() : 'unknown';
}

/** What the customer submitted: the kind, the provider and the portal's own non-secret fields, with the frame's port. */
export interface CreateRequest {
  kind: 'CC' | 'ACH';
  provider: string;
  /** nickname and TIN (not secret; the frame adds them to what it tokenizes) */
  extra: { name?: string; tin?: string };
  /** the hosted fields frame: it holds the numbers, checks them and tokenizes them */
  port: HostedFieldsPort;
}

export interface TokenizeInput {
  vendorId: string;
  locationId: string;
  port: HostedFieldsPort;
  extra: CreateRequest['extra'];
}

const LIST_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentmethods';

/** A fresh paymentMethodsJwt, through the portal API (the list answers one). */
async function freshJwt(input: { vendorId: string; locationId: string }, signal: AbortSignal): Promise<string> {
  const result = await api.GET(LIST_PATH, { params: { path: { vendorId: input.vendorId, locationId: input.locationId } }, signal });
  if (!result.response.ok || !result.data) throw new PaymentMethodCreateError('');
  return result.data.paymentMethodsJwt;
}

/** The frame's answer as the chart's outcome: the key, or a PaymentMethodCreateError with the processor code ('' when none). */
function keyOf(answer: TokenizeAnswer): string {
  if (answer.type === 'tokenized') return answer.key;
  if (answer.type === 'refused') throw new PaymentMethodCreateError(answer.code.trim() === '' ? 'unknown' : answer.code.trim(), `tokenizer answered ${answer.status}`);
  throw new PaymentMethodCreateError('', answer.type === 'unauthorized' ? 'paymentMethodsJwt refused twice' : 'payments service unreachable');
}

/**
 * Tokenizes in the hosted fields frame (the portal never holds the numbers); answers the one-time key. The frame says
 * `unauthorized` for an expired JWT (15 minutes): a fresh one is fetched through the portal API once and the frame
 * resumes the same tokenization with it.
 */
export const tokenizePaymentMethod = fromPromise<string, TokenizeInput>(async ({ input, signal }) => {
  let answer = await input.port.tokenize(input.extra);
  if (answer.type === 'unauthorized') {
    const jwt = await freshJwt(input, signal);
    if (signal.aborted) throw new PaymentMethodCreateError('', 'aborted');
    answer = await input.port.resume(jwt);
  }
  return keyOf(answer);
});

export type CheckAnswer = Awaited<ReturnType<HostedFieldsPort['check']>>;

/**
 * The frame checks its fields (it shows and focuses its own errors) and, for a card, answers its brand and funding by
 * its BIN (asked by the frame on the payments origin). Nothing is sent to the tokenizer. It never fails: a port that
 * throws counts as fields not ready (the customer stays on the form and may submit again).
 */
export const checkHostedFields = fromPromise<CheckAnswer, { port: HostedFieldsPort }>(async ({ input }) => {
  try {
    return await input.port.check();
  } catch {
    return { valid: false, fields: [] };
  }
});

export interface AttachInput {
  vendorId: string;
  locationId: string;
  paymentMethodKey: string;
}

/** Attaches the key to the location: the new saved method. Any failure is generic (code ''). */
export const attachPaymentMethod = fromPromise<PaymentMethod, AttachInput>(async ({ input, signal }) => {
  const { paymentMethodKey, ...path } = input;
  let result;
  try {
    result = await api.POST(LIST_PATH, { params: { path }, body: { paymentMethodKey }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new PaymentMethodCreateError('', 'portal API unreachable');
  }
  if (!result.response.ok || !result.data) throw new PaymentMethodCreateError('', `failed calling api on path ${LIST_PATH}`);
  return result.data.paymentMethod;
});
