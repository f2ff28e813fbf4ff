/**
 * Tag `statements` (portal-recurring.md §2.4, §2.5, §7): the statement of a location as JSON (`getStatement`), CSV
 * (`getStatementCsv`, papaparse via `core/rules/csv.ts`: formula-safe, UTF-8 with a byte-order mark) and PDF
 * (`getStatementPdf`, `domain/statement-pdf.ts`); the contact's statement delivery (list, turn on / update, turn
 * off — with the vendor's event: `use-cases/statement-delivery.ts`); and `markStatementRequest` (the page opened the
 * statement, see `repos/statements.ts`).
 */
import type { FastifyRequest } from 'fastify';
import { csvCurrency, csvFileName, toCsv, type CsvColumn } from '../../core/rules/csv.js';
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { ApiError, notFound } from '../http/errors.js';
import { answerOf } from '../http/refusal.js';
import { CLASSIFICATION_LABELS, renderStatementPdf, statementContentDisposition } from '../domain/statement-pdf.js';
import type { StatementLineData } from '../domain/statement.js';
import {
  isStatementRequestMarked,
  listStatementDeliveries,
  loadStatement,
  markStatementRequest,
  scheduleValueFits,
  toApiStatement,
  vendorTodayOf,
  type StatementDeliveryInput,
} from '../repos/statements.js';
import { saveStatementDelivery, turnOffStatementDelivery } from '../use-cases/statement-delivery.js';
import type { LocationParams, RouteDeps } from './deps.js';
import { payLinkOf } from '../domain/invoice-pdf.js';

export interface StatementRouteOptions {
  /** the clock (tests pin it); default the real time */
  now?: () => Date;
  /** false writes uncompressed PDF content streams (tests) */
  compress?: boolean;
}

/** CSV columns of the statement (the page's table). Amounts as currency with 2 decimals (§9), as the page shows them. */
export const STATEMENT_CSV_COLUMNS: CsvColumn<StatementLineData>[] = [
  { header: 'Invoice', value: (line) => line.displayInvNum },
  { header: 'Invoice Date', value: (line) => line.invoiceDate ?? '' },
  { header: 'Due Date', value: (line) => line.dueDate ?? '' },
  { header: 'Status', value: (line) => CLASSIFICATION_LABELS[line.classification] },
  { header: 'Days Past Due', value: (line) => line.daysPastDue },
  { header: 'Open Amount', value: (line) => csvCurrency(line.openAmountCents) },
];

export function statementHandlers({ db, config }: RouteDeps, options: StatementRouteOptions = {}): Handlers {
  const now = options.now ?? (() => new Date());
  const load = async (request: FastifyRequest) => {
    const { vendorId, locationId } = request.params as LocationParams;
    const data = await loadStatement(db, { vendorId, locationId, now: now() });
    if (!data) throw notFound('location');
    return data;
  };
  return {
    async getStatement(request) {
      const data = await load(request);
      const marked = await isStatementRequestMarked(db, authOf(request).contactId, data.location.id);
      return toApiStatement(data, marked);
    },

    async getStatementCsv(request, reply) {
      const data = await load(request);
      const name = csvFileName('Statement', data.asOfDate, data.vendor.displayName);
      return reply
        .code(200)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'no-store')
        .send(`\uFEFF${toCsv(STATEMENT_CSV_COLUMNS, data.lines)}`);
    },

    async getStatementPdf(request, reply) {
      const data = await load(request);
      const pdf = await renderStatementPdf(data, { payUrl: payLinkOf(config.publicUrl), compress: options.compress });
      return reply
        .code(200)
        .header('content-type', 'application/pdf')
        .header('content-disposition', statementContentDisposition(data.asOfDate))
        .header('cache-control', 'no-store')
        .send(pdf);
    },

    async listStatementDeliveries(request) {
      const { locationId } = request.params as LocationParams;
      return listStatementDeliveries(db, authOf(request).contactId, locationId);
    },

    async saveStatementDelivery(request) {
      const { vendorId, locationId } = request.params as LocationParams;
      const body = request.body as StatementDeliveryInput;
      if (!scheduleValueFits(body.scheduleUnit, body.scheduleValue)) {
        throw new ApiError(
          400,
          'validation_failed',
          `scheduleValue: must be ${body.scheduleUnit === 'monthly' ? 'a day number 0-28 for monthly' : `a day code sun-sat for ${body.scheduleUnit}`}`,
          'scheduleValue',
        );
      }
      const contactId = authOf(request).contactId;
      const at = now();
      answerOf(await saveStatementDelivery(db, { ...body, contactId, vendorId, locationId, today: await vendorTodayOf(db, vendorId, at), now: at }));
      return listStatementDeliveries(db, contactId, locationId);
    },

    async deleteStatementDelivery(request, reply) {
      const { locationId, deliveryId } = request.params as LocationParams & { deliveryId: string };
      answerOf(await turnOffStatementDelivery(db, { contactId: authOf(request).contactId, locationId, deliveryId }, now()));
      return reply.code(204).send();
    },

    async markStatementRequest(request, reply) {
      const { locationId } = request.params as LocationParams;
      await markStatementRequest(db, { contactId: authOf(request).contactId, locationId, now: now() });
      return reply.code(204).send();
    },
  };
}
