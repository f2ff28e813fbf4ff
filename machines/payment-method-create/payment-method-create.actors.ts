/**
 * Creating a payment method (spec §4): tokenize the card or bank account with the payments service
 * (`POST /payments-api/tokenizer`, openapi/payments.yaml, Bearer `paymentMethodsJwt`), then attach
 * the answered key to the location (`POST .../paymentmethods`). The payments service gets its own
 * openapi-fetch client: it is another API (own contract, own auth); card numbers never reach the portal API.
 */
import createClient from 'openapi-fetch';
import { fromPromise } from 'xstate';
import { api } from '../../core/api/client';
import type { components as paymentsComponents, paths as paymentsPaths } from '../../core/api/payments-schema';
import type { components } from '../../core/api/schema';
import type { CardFunding } from '../../core/rules/fees';

export type TokenizeRequest = paymentsComponents['schemas']['TokenizeRequest'];
export type CardTokenizeRequest = paymentsComponents['schemas']['CardTokenizeRequest'];
export type BankAccountTokenizeRequest = paymentsComponents['schemas']['BankAccountTokenizeRequest'];
export type PaymentMethod = components['schemas']['PaymentMethod'];

/** Absolute base URL (jsdom/undici need absolute URLs): `/payments-api` on the page's origin. */
function paymentsBaseUrl(): string {
  if (typeof globalThis.location !== 'undefined' && globalThis.location.origin && globalThis.location.origin !== 'null') return `${globalThis.location.origin}/payments-api`;
  return '/payments-api';
}

/** The payments service client. No ContactAccess header and no unauthorised handler: a refused JWT is not a logout. */
export const paymentsApi = createClient<paymentsPaths>({ baseUrl: paymentsBaseUrl(), fetch: (request) => globalThis.fetch(request) });

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

export interface TokenizeInput {
  vendorId: string;
  locationId: string;
  /** The JWT of the session's list; may have expired (15 minutes), then a fresh one is fetched once. */
  paymentMethodsJwt: string | null;
  request: TokenizeRequest;
}

const LIST_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentmethods';

async function freshJwt(input: { vendorId: string; locationId: string }, signal: AbortSignal): Promise<string> {
  const result = await api.GET(LIST_PATH, { params: { path: { vendorId: input.vendorId, locationId: input.locationId } }, signal });
  if (!result.response.ok || !result.data) throw new PaymentMethodCreateError('');
  return result.data.paymentMethodsJwt;
}

async function callTokenizer(jwt: string, request: TokenizeRequest, signal: AbortSignal) {
  try {
    return await paymentsApi.POST('/tokenizer', { body: request, headers: { Authorization: `Bearer ${jwt}` }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new PaymentMethodCreateError('', 'payments service unreachable');
  }
}

/** Tokenizes; answers the one-time key. A 401 (expired JWT) is retried once with a fresh JWT. */
export const tokenizePaymentMethod = fromPromise<string, TokenizeInput>(async ({ input, signal }) => {
  let jwt = input.paymentMethodsJwt ?? (await freshJwt(input, signal));
  let result = await callTokenizer(jwt, input.request, signal);
  if (result.response.status === 401) {
    jwt = await freshJwt(input, signal);
    result = await callTokenizer(jwt, input.request, signal);
  }
  if (result.response.ok && result.data?.key) return result.data.key;
  throw new PaymentMethodCreateError(processorCode(result.error), `tokenizer answered ${result.response.status}`);
});

export interface CardFundingInput {
  vendorId: string;
  locationId: string;
  paymentMethodsJwt: string | null;
  provider: CardTokenizeRequest['provider'];
  /** the card number's first 8 digits (never the full number) */
  bin: string;
}

/** The BIN the payments service is asked about: the number's first 8 digits (openapi/payments.yaml, card-bins). */
export function binOf(ccNumber: string): string {
  return ccNumber.replace(/\D/g, '').slice(0, 8);
}

async function callCardBins(jwt: string, input: CardFundingInput, signal: AbortSignal) {
  return paymentsApi.GET('/card-bins/{bin}', {
    params: { path: { bin: input.bin }, query: { provider: input.provider } },
    headers: { Authorization: `Bearer ${jwt}` },
    signal,
  });
}

/**
 * The card's funding by its BIN (`GET /payments-api/card-bins/{bin}`), so the "Add … Card?" modal can say the fee
 * before the card is sent. A 401 (expired JWT) is retried once with a fresh JWT. Any failure answers null — funding
 * unknown, which the fee rule counts as credit: the modal then says the fee, never "no fee" for a card that may carry
 * one.
 */
export const lookupCardFunding = fromPromise<CardFunding | null, CardFundingInput>(async ({ input, signal }) => {
  try {
    let jwt = input.paymentMethodsJwt ?? (await freshJwt(input, signal));
    let result = await callCardBins(jwt, input, signal);
    if (result.response.status === 401) {
      jwt = await freshJwt(input, signal);
      result = await callCardBins(jwt, input, signal);
    }
    return result.response.ok && result.data ? result.data.funding : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
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
