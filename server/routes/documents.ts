/**
 * Tag `invoices`, documents: the invoice copy as PDF (`getInvoicePdf` by id, `getQboInvoicePdf` by the external id
 * of a QBO invoice). The answer is the document itself (`application/pdf`, inline, `invoice-<number>.pdf`); the SPA
 * turns it into a blob: URL (portal-core.md §4 PDF loader). Data: `repos/documents.ts`; layout: `domain/invoice-pdf.ts`.
 */
import type { FastifyReply } from 'fastify';
import type { Handlers } from '../http/api.js';
import { notFound } from '../http/errors.js';
import { payLinkOf, pdfContentDisposition, renderInvoicePdf, type InvoicePdfData } from '../domain/invoice-pdf.js';
import { invoiceDocumentById, qboInvoiceDocument } from '../repos/documents.js';
import type { LocationParams, RouteDeps } from './deps.js';

export interface DocumentRouteOptions {
  /** the clock (tests pin it); default the real time */
  now?: () => Date;
  /** false writes uncompressed content streams (tests); default true */
  compress?: boolean;
}

export function documentHandlers({ db, config }: RouteDeps, options: DocumentRouteOptions = {}): Handlers {
  const now = options.now ?? (() => new Date());
  const send = async (reply: FastifyReply, data: InvoicePdfData) => {
    const pdf = await renderInvoicePdf(data, { compress: options.compress });
    return reply
      .code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', pdfContentDisposition(data.invoice.displayInvNum))
      .header('cache-control', 'no-store')
      .send(pdf);
  };
  return {
    async getInvoicePdf(request, reply) {
      const { vendorId, locationId, invoiceId } = request.params as LocationParams & { invoiceId: string };
      const data = await invoiceDocumentById(db, { vendorId, locationId, invoiceId, payUrl: payLinkOf(config.publicUrl), now: now() });
      if (!data) throw notFound('invoice');
      return send(reply, data);
    },

    async getQboInvoicePdf(request, reply) {
      const { vendorId, locationId, externalId } = request.params as LocationParams & { externalId: string };
      const data = await qboInvoiceDocument(db, { vendorId, locationId, externalId, payUrl: payLinkOf(config.publicUrl), now: now() });
      if (!data) throw notFound('invoice');
      return send(reply, data);
    },
  };
}
