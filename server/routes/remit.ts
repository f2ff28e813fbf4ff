/**
 * Remit form: `recordJourney` (POST .../journeys, type "Remit form printed") and `getRemitPdf` (POST
 * .../remit/pdf, the remit slip as a PDF). Rules: `core/rules/remit.ts`; data: `repos/remit.ts`; layout:
 * `domain/remit-pdf.ts`.
 */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { ApiError, notFound } from '../http/errors.js';
import { centsOfField } from '../http/money-field.js';
import { remitContentDisposition, renderRemitPdf, type RemitPdfRow } from '../domain/remit-pdf.js';
import { locationInvoices, recordRemitPrinted, remitParties, remitPartiesOf, vendorToday } from '../repos/remit.js';
import type { LocationParams, RouteDeps } from './deps.js';

export interface RemitRouteOptions {
  /** the clock (tests pin it); default the real time */
  now?: () => Date;
  /** false writes uncompressed content streams (tests) */
  compress?: boolean;
}

interface RemitPdfBody {
  invoices: Array<{ invoiceId: string; amount: number; comment: string }>;
  lines: Array<{ description: string; amount: number | null }>;
  comments: string;
}

export function remitHandlers({ db }: RouteDeps, options: RemitRouteOptions = {}): Handlers {
  const now = options.now ?? (() => new Date());
  return {
    async recordJourney(request, reply) {
      const { vendorId, locationId } = request.params as LocationParams;
      const { invoiceIds } = request.body as { type: 'Remit form printed'; invoiceIds: string[] };
      const written = await recordRemitPrinted(db, { vendorId, locationId, contactId: authOf(request).contactId, invoiceIds, now: now() });
      if (!written) throw notFound('invoice');
      return reply.code(204).send();
    },

    async getRemitPdf(request, reply) {
      const { vendorId, locationId } = request.params as LocationParams;
      const body = request.body as RemitPdfBody;
      const ids = body.invoices.map((i) => i.invoiceId);
      if (new Set(ids).size !== ids.length) throw new ApiError(400, 'validation_failed', 'invoices holds an invoice twice', 'invoices');
      const amounts = body.invoices.map((i, n) => centsOfField(i.amount, `invoices[${n}].amount`));
      const lineAmounts = body.lines.map((l, n) => (l.amount === null ? null : centsOfField(l.amount, `lines[${n}].amount`)));
      const parties = await remitParties(db, { vendorId, locationId, contactId: authOf(request).contactId });
      if (!parties) throw notFound('location');
      const found = new Map((await locationInvoices(db, { vendorId, locationId }, ids)).map((i) => [i.id, i]));
      if (found.size !== ids.length) throw notFound('invoice');
      const rows: RemitPdfRow[] = body.invoices.map((i, n) => {
        const invoice = found.get(i.invoiceId)!;
        return { displayInvNum: invoice.displayInvNum, invoiceDate: invoice.invoiceDate, dueDate: invoice.dueDate, openAmountCents: invoice.openAmountCents, amountCents: amounts[n], comment: i.comment };
      });
      const all = [...amounts, ...lineAmounts.filter((c): c is number => c !== null)];
      const subtotalCents = all.filter((c) => c > 0).reduce((a, b) => a + b, 0);
      const creditsCents = all.filter((c) => c < 0).reduce((a, b) => a + b, 0);
      const printedOn = vendorToday(now(), parties.eodCutoff?.timezone);
      const pdf = await renderRemitPdf(
        {
          ...remitPartiesOf(parties),
          rows,
          lines: rows.length ? [] : body.lines.map((l, n) => ({ number: n + 1, description: l.description, amountCents: lineAmounts[n] })),
          comments: body.comments,
          subtotalCents,
          creditsCents,
          totalCents: subtotalCents + creditsCents,
          printedOn,
        },
        { compress: options.compress },
      );
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', remitContentDisposition(printedOn))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  };
}
