/** Report calls: every invoice of the location (Invoice Report), its payment groups (Payment Report), one group's lines. */
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';
import { fetchPaymentGroup } from '../click2pay/click2pay.actors';

export type Invoice = components['schemas']['Invoice'];
export type PaymentGroup = components['schemas']['PaymentGroup'];
export type PaymentGroupDetail = components['schemas']['PaymentGroupDetail'];

export interface LocationInput {
  vendorId: string;
  locationId: string;
}
export type PaymentDetailInput = LocationInput & { paymentGroupId: string };

const INVOICES_PATH = '/vendors/{vendorId}/locations/{locationId}/invoices';
const GROUPS_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentgroups';

/** Every invoice of the location (open, scheduled and closed: `loadAll=true`). */
export async function fetchReportInvoices(input: LocationInput, signal: AbortSignal): Promise<Invoice[]> {
  const result = await api.GET(INVOICES_PATH, { params: { path: input, query: { loadAll: true } }, signal });
  const data = unwrap(INVOICES_PATH, result);
  if (!('locationInvoices' in data)) throw new Error(`failed calling api on path ${INVOICES_PATH}`);
  return data.locationInvoices;
}

/** Every payment group of the contact at the location (`onlyPending=false`, see the contract). */
export async function fetchReportPaymentGroups(input: LocationInput, signal: AbortSignal): Promise<PaymentGroup[]> {
  const result = await api.GET(GROUPS_PATH, { params: { path: input, query: { onlyPending: false } }, signal });
  return unwrap(GROUPS_PATH, result).paymentGroups;
}

/** A payment group and its lines (the payment detail); a non-OK status is a failure. */
export function fetchPaymentDetail(input: PaymentDetailInput, signal: AbortSignal): Promise<PaymentGroupDetail> {
  return fetchPaymentGroup(input, signal);
}
