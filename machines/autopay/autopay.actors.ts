/** AutoPay calls (portal-recurring.md §7): load the page, set up, the two updates, turn off. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type Autopay = components['schemas']['Autopay'];
export type Invoice = components['schemas']['Invoice'];
export type Request = components['schemas']['Request'];
export type Terms = components['schemas']['Terms'];
export type CreateAutopayRequest = components['schemas']['CreateAutopayRequest'];
export type DeleteAutopayResponse = components['schemas']['DeleteAutopayResponse'];

export interface LocationInput {
  vendorId: string;
  locationId: string;
}

/** Everything the setup and manage pages show. */
export interface AutopayPageData {
  autopay: Autopay | null;
  /** The AutoPay request of `.../autopay/{requestId}` (null without one, or when it is not an AutoPay request). */
  request: Request | null;
  /** Open invoices of the location (the ones that could be excluded). */
  invoices: Invoice[];
  /** configuration `autopayConfig.startDateTimeFrame`; null when the configuration could not say. */
  configWindowDays: number | null;
  /** Provider → electronic payment agreement. */
  epa: Record<string, Terms>;
}

const AUTOPAY_PATH = '/vendors/{vendorId}/locations/{locationId}/autopay';
const INVOICES_PATH = '/vendors/{vendorId}/locations/{locationId}/invoices';
const REQUEST_PATH = '/vendors/{vendorId}/locations/{locationId}/requests/{requestId}';
const CREATE_PATH = '/vendors/{vendorId}/locations/{locationId}/autopays';
const DELETE_PATH = '/vendors/{vendorId}/locations/{locationId}/autopays/{autopayId}';
const UPDATE_PATH = '/vendors/{vendorId}/locations/{locationId}/autopay/{autopayId}';

/**
 * AutoPay, open invoices, the request (if any), the configured window and the terms, in parallel. A failed
 * configuration call only loses the configured window (the vendor's value or 0 still apply); the rest is required.
 */
export const loadAutopayPage = fromPromise<AutopayPageData, LocationInput & { requestId: string | null }>(async ({ input, signal }) => {
  const path = { vendorId: input.vendorId, locationId: input.locationId };
  const getConfig = async (key: 'configuration' | 'epa') => unwrap('/config', await api.GET('/config', { params: { query: { key } }, signal }));
  const [autopay, invoices, request, configuration, epa] = await Promise.all([
    api.GET(AUTOPAY_PATH, { params: { path }, signal }).then((r) => unwrap(AUTOPAY_PATH, r).autoPay ?? null),
    api.GET(INVOICES_PATH, { params: { path, query: { type: 'autopay' } }, signal }).then((r) => {
      const data = unwrap(INVOICES_PATH, r);
      if (!('locationInvoices' in data)) throw new Error(`failed calling api on path ${INVOICES_PATH}`);
      return data.locationInvoices;
    }),
    input.requestId
      ? api.GET(REQUEST_PATH, { params: { path: { ...path, requestId: input.requestId } }, signal }).then((r) => unwrap(REQUEST_PATH, r).request)
      : Promise.resolve(null),
    getConfig('configuration').catch(() => null),
    getConfig('epa'),
  ]);
  return {
    autopay,
    request: request && request.type === 'autopay' ? request : null,
    invoices,
    configWindowDays: configuration?.configuration?.autopayConfig.startDateTimeFrame ?? null,
    epa: epa.epa ?? {},
  };
});

export const createAutopay = fromPromise<Autopay, LocationInput & { body: CreateAutopayRequest }>(async ({ input, signal }) => {
  const result = await api.POST(CREATE_PATH, { params: { path: { vendorId: input.vendorId, locationId: input.locationId } }, body: input.body, signal });
  const autopay = unwrap(CREATE_PATH, result).autoPay;
  if (!autopay) throw new Error(`failed calling api on path ${CREATE_PATH}`);
  return autopay;
});

type AutopayPath = LocationInput & { autopayId: string };

export const deleteAutopay = fromPromise<DeleteAutopayResponse, AutopayPath>(async ({ input, signal }) => {
  const result = await api.DELETE(DELETE_PATH, { params: { path: input }, signal });
  return unwrap(DELETE_PATH, result);
});

export interface AutopayUpdateOutcome {
  /** The AutoPay as the last successful call answered it; null when no call succeeded. */
  autopay: Autopay | null;
  methodFailed: boolean;
  exclusionsFailed: boolean;
}

type UpdateInput = AutopayPath & {
  method: { paymentMethodId: string; epaVersion: string } | null;
  exclusions: { excludeInvoiceIds: string[]; reincludeInvoiceIds: string[] } | null;
};

/**
 * The two update calls of §7 ("two separate calls"): the method change (PATCH) and, whatever it did, the exclusion
 * change (POST), each only when given. Never throws for an API failure: each call's outcome is reported.
 */
export const updateAutopay = fromPromise<AutopayUpdateOutcome, UpdateInput>(async ({ input, signal }) => {
  const path = { vendorId: input.vendorId, locationId: input.locationId, autopayId: input.autopayId };
  let autopay: Autopay | null = null;
  let methodFailed = false;
  let exclusionsFailed = false;
  if (input.method) {
    try {
      autopay = unwrap(UPDATE_PATH, await api.PATCH(UPDATE_PATH, { params: { path }, body: input.method, signal })).autoPay;
    } catch (error) {
      if (signal.aborted) throw error;
      methodFailed = true;
    }
  }
  const ex = input.exclusions;
  if (ex && ex.excludeInvoiceIds.length + ex.reincludeInvoiceIds.length > 0) {
    try {
      autopay = unwrap(UPDATE_PATH, await api.POST(UPDATE_PATH, { params: { path }, body: ex, signal })).autoPay ?? autopay;
    } catch (error) {
      if (signal.aborted) throw error;
      exclusionsFailed = true;
    }
  }
  return { autopay, methodFailed, exclusionsFailed };
});
