/** Click-to-pay calls: the location's open invoices, the calendar configuration and the terms, a payment group's lines. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type Invoice = components['schemas']['Invoice'];
export type PaymentMethod = components['schemas']['PaymentMethod'];
export type Terms = components['schemas']['Terms'];
export type PaymentGroupDetail = components['schemas']['PaymentGroupDetail'];

export interface LocationInput {
  vendorId: string;
  locationId: string;
}

export interface InvoicesResult {
  invoices: Invoice[];
  requestInvoiceIds: string[];
}

/** What the calendar and the terms checkbox need from `GET /config`. */
export interface CalendarConfig {
  /** `configuration.paymentRequest.c2pPaymentDays`, null when the configuration could not say. */
  c2pPaymentDays: number | null;
  /** Holidays as `yyyy-MM-dd`. */
  holidays: string[];
  /** Provider → electronic payment agreement. */
  epa: Record<string, Terms>;
}

const INVOICES_PATH = '/vendors/{vendorId}/locations/{locationId}/invoices';
const PAYMENTS_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentgroups/{paymentGroupId}/payments';

/** Open invoices of the location and the ids of its newest click-to-pay request. */
export const loadInvoices = fromPromise<InvoicesResult, LocationInput>(async ({ input, signal }) => {
  const result = await api.GET(INVOICES_PATH, { params: { path: input, query: { type: 'click2pay' } }, signal });
  const data = unwrap(INVOICES_PATH, result);
  if (!('locationInvoices' in data)) throw new Error(`failed calling api on path ${INVOICES_PATH}`);
  return { invoices: data.locationInvoices, requestInvoiceIds: data.requestInvoiceIds };
});

/** One invoice of the location (the dispute and partial pages), or an error when it is not there. */
export const loadInvoice = fromPromise<Invoice, LocationInput & { invoiceId: string }>(async ({ input, signal }) => {
  const { invoiceId, ...path } = input;
  const result = await api.GET(INVOICES_PATH, { params: { path, query: { invoiceId } }, signal });
  const data = unwrap(INVOICES_PATH, result);
  const invoice = 'locationInvoices' in data ? data.locationInvoices.find((i) => i.id === invoiceId) : undefined;
  if (!invoice) throw new Error(`failed calling api on path ${INVOICES_PATH}`);
  return invoice;
});

/**
 * Configuration, holidays and terms in parallel. A failed configuration call only loses the configured window (the
 * vendor's value or 30 days still apply); holidays and terms are required (a wrong day or version would be refused).
 */
export const loadCalendar = fromPromise<CalendarConfig, void>(async ({ signal }) => {
  const get = async (key: 'configuration' | 'holidays' | 'epa') => unwrap('/config', await api.GET('/config', { params: { query: { key } }, signal }));
  const [configuration, holidays, epa] = await Promise.all([get('configuration').catch(() => null), get('holidays'), get('epa')]);
  return {
    c2pPaymentDays: configuration?.configuration?.paymentRequest.c2pPaymentDays ?? null,
    holidays: (holidays.holidays ?? []).map((h) => h.date),
    epa: epa.epa ?? {},
  };
});

/** A payment group and its lines (the confirmation page). A non-OK status is a failure. */
export async function fetchPaymentGroup(input: LocationInput & { paymentGroupId: string }, signal: AbortSignal): Promise<PaymentGroupDetail> {
  const result = await api.GET(PAYMENTS_PATH, { params: { path: input }, signal });
  return unwrap(PAYMENTS_PATH, result);
}
