/**
 * Invoice documents: the data of one invoice of a location, with its vendor and location, for the PDF copy
 * (`getInvoicePdf` by id, `getQboInvoicePdf` by external id of a QBO invoice). One query each.
 */
import { invoiceDisplayStatus } from '../../core/rules/invoices.js';
import type { Db } from '../db/connect.js';
import type { InvoicePdfData } from '../domain/invoice-pdf.js';
import { toApiInvoice } from './invoices.js';

export interface DocumentScope {
  vendorId: string;
  locationId: string;
}

function invoiceWithParties(db: Db, scope: DocumentScope) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('vendors as v', 'v.id', 'i.vendorId')
    .innerJoin('locations as l', (join) => join.onRef('l.id', '=', 'i.locationId').onRef('l.vendorId', '=', 'i.vendorId'))
    .selectAll('i')
    .select([
      'v.displayName as vendorDisplayName',
      'v.config as vendorConfig',
      'v.address as vendorAddress',
      'l.displayName as locationDisplayName',
      'l.address as locationAddress',
    ])
    .where('i.vendorId', '=', scope.vendorId)
    .where('i.locationId', '=', scope.locationId);
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof invoiceWithParties>['executeTakeFirst']>>>;

function toPdfData(row: Row, payUrl: string, now: Date): Omit<InvoicePdfData, 'generatedAt'> & { generatedAt: Date } {
  const api = toApiInvoice(row);
  const brand = row.vendorConfig?.appName?.trim();
  return {
    vendor: { brandName: brand || row.vendorDisplayName, displayName: row.vendorDisplayName, remitAddress: row.vendorAddress ?? null },
    location: { displayName: row.locationDisplayName, address: row.locationAddress ?? null },
    invoice: {
      displayInvNum: row.displayInvNum,
      invoiceDate: api.externalInvoiceDate ?? api.invoiceDate,
      dueDate: api.dueDate,
      poRefId: row.poRefId,
      shipTo: api.shipTo,
      originalAmountCents: Number(row.originalAmountCents),
      openAmountCents: Number(row.openAmountCents),
      status: invoiceDisplayStatus(api),
    },
    payUrl,
    generatedAt: now,
  };
}

/** The PDF data of an invoice of the location by id, or undefined. */
export async function invoiceDocumentById(db: Db, scope: DocumentScope & { invoiceId: string; payUrl: string; now: Date }) {
  const row = await invoiceWithParties(db, scope).where('i.id', '=', scope.invoiceId).executeTakeFirst();
  return row ? toPdfData(row, scope.payUrl, scope.now) : undefined;
}

/** The PDF data of a QBO invoice (`create_type` QBO) of the location by external id, or undefined. */
export async function qboInvoiceDocument(db: Db, scope: DocumentScope & { externalId: string; payUrl: string; now: Date }) {
  const row = await invoiceWithParties(db, scope)
    .where('i.externalId', '=', scope.externalId)
    .where('i.createType', '=', 'QBO')
    .executeTakeFirst();
  return row ? toPdfData(row, scope.payUrl, scope.now) : undefined;
}
