/** Actors of the console's Invoices search: the vendor API's invoice list, filtered on the server. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type Invoice = components['schemas']['Invoice'];
export type InvoiceStatus = components['schemas']['InvoiceStatus'];

export interface InvoiceSearch {
  /** the number's beginning */
  number: string;
  /** part of the customer's (location's) name */
  customer: string;
  status: InvoiceStatus | '';
  /** `yyyy-MM-dd` or '' */
  dueFrom: string;
  dueTo: string;
}

export interface InvoicesPage {
  invoices: Invoice[];
  cursor: string | null;
  hasMore: boolean;
}

export const INVOICES_PAGE_SIZE = 50;
export const emptySearch: InvoiceSearch = { number: '', customer: '', status: '', dueFrom: '', dueTo: '' };

/** The query of a search: only what was filled in, trimmed. */
export function invoicesQuery(search: InvoiceSearch) {
  const number = search.number.trim();
  const customer = search.customer.trim();
  return {
    ...(number ? { number } : {}),
    ...(customer ? { customer } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.dueFrom ? { dueFrom: search.dueFrom } : {}),
    ...(search.dueTo ? { dueTo: search.dueTo } : {}),
  };
}

export const loadInvoices = fromPromise<InvoicesPage, { search: InvoiceSearch; cursor: string | null }>(async ({ input }) => {
  try {
    const { invoices, cursor, hasMore } = unwrapConsole(
      await vendorApi.GET('/invoices', { params: { query: { ...invoicesQuery(input.search), limit: INVOICES_PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) } } }),
    );
    return { invoices, cursor, hasMore };
  } catch (error) {
    throw networkError(error);
  }
});
