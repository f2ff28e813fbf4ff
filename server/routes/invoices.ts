/**
 * Tag `invoices`: the location's invoices (or its filter options) and an invoice's journey.
 * Semantics and decisions: `repos/invoices.ts`.
 */
import type { FastifyRequest } from 'fastify';
import { authOf, dataVersionOf } from '../http/auth.js';
import { COMPRESS_MIN_BYTES, pickEncoding } from '../http/compress.js';
import { etagMatches, ListCache, listEtag, listKeyText } from '../http/list-cache.js';
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

export function invoiceHandlers({ db, config }: RouteDeps): Handlers {
  const cache = new ListCache(config.listCacheBytes);

  /** The list answer's JSON text, read from the database. */
  async function listBody(request: FastifyRequest, scope: LocationParams, query: ListInvoicesQuery): Promise<string> {
    const auth = authOf(request);
    const [invoicesJson, ids] = await Promise.all([
      locationInvoicesJson(db, { ...scope, loadAll: query.loadAll === true, invoiceId: query.invoiceId }),
      requestInvoiceIds(db, { ...scope, contactId: auth.contactId, type: query.type, tokenRequestId: auth.requestId }),
    ]);
    if (query.invoiceId && invoicesJson === '[]') throw notFound('invoice');
    return `{"locationInvoices":${invoicesJson},"requestInvoiceIds":${JSON.stringify(ids)}}`;
  }

  return {
    /**
     * The invoice list is JSON text made by PostgreSQL (`locationInvoicesJson`) and sent as it is: no row objects,
     * no `Date`s, no serialiser pass over thousands of invoices. The invoices and the request's ids are read at once.
     * With the location's data version (read with the token) the answer carries an ETag, `If-None-Match` with it
     * answers 304, and the answer's bytes are kept for that version (server/http/list-cache.ts).
     */
    async listInvoices(request, reply) {
      const scope = request.params as LocationParams;
      const query = (request.query ?? {}) as ListInvoicesQuery;
      if (query.filters) return { filters: await listInvoiceFilters(db, scope) };
      const version = dataVersionOf(request, scope.vendorId, scope.locationId);
      if (version === undefined) {
        return reply.type('application/json; charset=utf-8').send(await listBody(request, scope, query));
      }
      const auth = authOf(request);
      const key = listKeyText({
        contactId: auth.contactId,
        tokenRequestId: auth.requestId,
        vendorId: scope.vendorId,
        locationId: scope.locationId,
        type: query.type,
        loadAll: query.loadAll === true,
        invoiceId: query.invoiceId,
      });
      const etag = listEtag(version, key);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).header('etag', etag).send();
      const entry = await cache.getOrMake(key, version, () => listBody(request, scope, query));
      reply.type('application/json; charset=utf-8').header('etag', etag);
      if (entry.body.byteLength < COMPRESS_MIN_BYTES) return reply.send(entry.body);
      reply.header('vary', 'accept-encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(entry.body);
      return reply.header('content-encoding', encoding).send(await cache.encoded(entry, encoding));
    },

    async getInvoiceJourney(request) {
      const { vendorId, locationId, invoiceId } = request.params as LocationParams & { invoiceId: string };
      const invoice = await getLocationInvoice(db, { vendorId, locationId, invoiceId });
      if (!invoice) throw notFound('invoice');
      return { invoice, journeys: await listJourney(db, invoiceId, authOf(request).contactId) };
    },
  };
}
