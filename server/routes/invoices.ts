/**
 * Tag `invoices`: the location's invoices (or its filter options) and an invoice's journey.
 * Semantics and decisions: `repos/invoices.ts`.
 */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { notFound } from '../http/errors.js';
import { getLocationInvoice, listInvoiceFilters, locationInvoicesJson, requestInvoiceIds } from '../repos/invoices.js';
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
    /**
     * The invoice list is JSON text made by PostgreSQL (`locationInvoicesJson`) and sent as it is: no row objects,
     * no `Date`s, no serialiser pass over thousands of invoices. The invoices and the request's ids are read at once.
     */
    async listInvoices(request, reply) {
      const auth = authOf(request);
      const { vendorId, locationId } = request.params as LocationParams;
      const query = (request.query ?? {}) as ListInvoicesQuery;
      const scope = { vendorId, locationId };
      if (query.filters) return { filters: await listInvoiceFilters(db, scope) };
      const [invoicesJson, ids] = await Promise.all([
        locationInvoicesJson(db, { ...scope, loadAll: query.loadAll === true, invoiceId: query.invoiceId }),
        requestInvoiceIds(db, { ...scope, contactId: auth.contactId, type: query.type, tokenRequestId: auth.requestId }),
      ]);
      if (query.invoiceId && invoicesJson === '[]') throw notFound('invoice');
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"locationInvoices":${invoicesJson},"requestInvoiceIds":${JSON.stringify(ids)}}`);
    },

    async getInvoiceJourney(request) {
      const { vendorId, locationId, invoiceId } = request.params as LocationParams & { invoiceId: string };
      const invoice = await getLocationInvoice(db, { vendorId, locationId, invoiceId });
      if (!invoice) throw notFound('invoice');
      return { invoice, journeys: await listJourney(db, invoiceId, authOf(request).contactId) };
    },
  };
}
