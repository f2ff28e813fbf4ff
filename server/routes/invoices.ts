/**
 * Tag `invoices`: the location's invoices (or its filter options) and an invoice's journey.
 * Semantics and decisions: `repos/invoices.ts`.
 */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { notFound } from '../http/errors.js';
import {
  getLocationInvoice,
  listInvoiceFilters,
  listLocationInvoices,
  requestInvoiceIds,
} from '../repos/invoices.js';
import { listJourney } from '../repos/journeys.js';
import type { LocationParams, RouteDeps } from './deps.js';

interface ListInvoicesQuery {
  loadAll?: boolean;
  type?: string;
  invoiceId?: string;
  filters?: boolean;
}

export function invoiceHandlers({ db }: RouteDeps): Handlers {
  return {
    async listInvoices(request) {
      const auth = authOf(request);
      const { vendorId, locationId } = request.params as LocationParams;
      const query = (request.query ?? {}) as ListInvoicesQuery;
      const scope = { vendorId, locationId };
      if (query.filters) return { filters: await listInvoiceFilters(db, scope) };
      let locationInvoices;
      if (query.invoiceId) {
        const invoice = await getLocationInvoice(db, { ...scope, invoiceId: query.invoiceId });
        if (!invoice) throw notFound('invoice');
        locationInvoices = [invoice];
      } else {
        locationInvoices = await listLocationInvoices(db, { ...scope, loadAll: query.loadAll === true });
      }
      return {
        locationInvoices,
        requestInvoiceIds: await requestInvoiceIds(db, {
          ...scope,
          contactId: auth.contactId,
          type: query.type,
          tokenRequestId: auth.requestId,
        }),
      };
    },

    async getInvoiceJourney(request) {
      const { vendorId, locationId, invoiceId } = request.params as LocationParams & { invoiceId: string };
      const invoice = await getLocationInvoice(db, { vendorId, locationId, invoiceId });
      if (!invoice) throw notFound('invoice');
      return { invoice, journeys: await listJourney(db, invoiceId, authOf(request).contactId) };
    },
  };
}
