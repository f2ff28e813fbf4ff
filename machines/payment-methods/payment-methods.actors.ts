/**
 * Saved payment methods of a location (spec §3 Payment method, §7 `GET/DELETE .../paymentmethods`,
 * `GET .../payments?paymentMethodId=`): the only callers of the API client for this slice.
 */
import { fromPromise } from 'xstate';
import { api, ApiError, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type PaymentMethod = components['schemas']['PaymentMethod'];
export type ClientFlowInfo = components['schemas']['ClientFlowInfo'];
export type PaymentsByMethod = components['schemas']['PaymentsByMethod'];

export interface LocationScope {
  vendorId: string;
  locationId: string;
}

export interface PaymentMethodList {
  paymentMethods: PaymentMethod[];
  paymentMethodsJwt: string;
  /** The payments origin's hosted fields page (the add-method page's iframe). */
  hostedFieldsUrl: string;
  /** Provider id → client-flow info (the providers a new method may use). */
  clientFlowInfo: Record<string, ClientFlowInfo>;
}

const LIST_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentmethods';
const METHOD_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentmethods/{paymentMethodId}';
const USAGE_PATH = '/vendors/{vendorId}/locations/{locationId}/payments';

/**
 * The list, always with `createClientFlow=true`: the add-method page shares this session slice and
 * needs the providers, so one load serves the picker and the page (deleted methods never come back).
 */
export async function fetchPaymentMethods(scope: LocationScope, signal: AbortSignal): Promise<PaymentMethodList> {
  const result = await api.GET(LIST_PATH, { params: { path: scope, query: { createClientFlow: true } }, signal });
  const data = unwrap(LIST_PATH, result);
  return {
    paymentMethods: data.paymentMethods.filter((m) => !m.deletedAt),
    paymentMethodsJwt: data.paymentMethodsJwt,
    hostedFieldsUrl: data.hostedFieldsUrl,
    clientFlowInfo: data.clientFlowInfo ?? {},
  };
}

export const loadPaymentMethods = fromPromise<PaymentMethodList, LocationScope>(({ input, signal }) => fetchPaymentMethods(input, signal));

export interface MethodInput extends LocationScope {
  paymentMethodId: string;
}

/** Scheduled payments made with the method and whether AutoPay or a payment plan uses it. */
export const checkPaymentMethodUsage = fromPromise<PaymentsByMethod, MethodInput>(async ({ input, signal }) => {
  const { paymentMethodId, ...path } = input;
  const result = await api.GET(USAGE_PATH, { params: { path, query: { paymentMethodId } }, signal });
  return unwrap(USAGE_PATH, result);
});

export interface DeleteMethodInput extends MethodInput {
  /** The customer saw the scheduled payments that use the method and confirmed: the server cancels them. */
  cancelScheduledPayments: boolean;
}

/**
 * Soft-deletes the method (and, with `cancelScheduledPayments`, cancels the scheduled payments that use it).
 * A 409 `payment_method_in_use` / `scheduled_payments_exist` is thrown as an ApiError with that errorCode.
 */
export const deletePaymentMethod = fromPromise<void, DeleteMethodInput>(async ({ input, signal }) => {
  const { paymentMethodId, cancelScheduledPayments, ...scope } = input;
  const query = cancelScheduledPayments ? { cancelScheduledPayments: true } : undefined;
  const result = await api.DELETE(METHOD_PATH, { params: { path: { ...scope, paymentMethodId }, query }, signal });
  if (!result.response.ok) unwrap(METHOD_PATH, result);
});

/** The errorCode the server refuses a delete with when AutoPay or a plan uses the method. */
export const PAYMENT_METHOD_IN_USE = 'payment_method_in_use';

/** The errorCode the server refuses a delete with when scheduled payments the customer was not shown use the method. */
export const SCHEDULED_PAYMENTS_EXIST = 'scheduled_payments_exist';

function errorCodeOf(error: unknown): unknown {
  return error instanceof ApiError ? error.errorCode : (error as { errorCode?: unknown } | null)?.errorCode;
}

export function isInUseError(error: unknown): boolean {
  return errorCodeOf(error) === PAYMENT_METHOD_IN_USE;
}

export function isScheduledPaymentsError(error: unknown): boolean {
  return errorCodeOf(error) === SCHEDULED_PAYMENTS_EXIST;
}
