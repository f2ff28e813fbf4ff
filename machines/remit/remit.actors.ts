/** Remit form calls: the open invoices, the "Remit form printed" journey, and the remit slip PDF. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';
import type { RemitInvoice } from '../../core/rules/remit';
import { amountToCents } from '../../core/rules/money';

export interface RemitLocation {
  vendorId: string;
  locationId: string;
}

export type RemitPdfRequest = components['schemas']['RemitPdfRequest'];

const INVOICES_PATH = '/vendors/{vendorId}/locations/{locationId}/invoices';
const JOURNEYS_PATH = '/vendors/{vendorId}/locations/{locationId}/journeys';
const PDF_PATH = '/vendors/{vendorId}/locations/{locationId}/remit/pdf';


/** The location's open invoices as remit invoices (credits included: a negative open amount). */
export const loadRemitInvoices = fromPromise<RemitInvoice[], RemitLocation>(async ({ input, signal }) => {
  const data = unwrap(INVOICES_PATH, await api.GET(INVOICES_PATH, { params: { path: input }, signal }));
  if (!('locationInvoices' in data)) throw new Error(`failed calling api on path ${INVOICES_PATH}`);
  return data.locationInvoices.map((i) => ({
    id: i.id,
    displayInvNum: i.displayInvNum,
    invoiceDate: i.externalInvoiceDate || i.invoiceDate || null,
    dueDate: i.dueDate || null,
    openAmountCents: amountToCents(i.openAmount),
  }));
});

/** `POST .../journeys` type "Remit form printed" (spec §7: errors ignored by the chart). */
export const recordRemitPrinted = fromPromise<void, RemitLocation & { invoiceIds: string[] }>(async ({ input, signal }) => {
  const { invoiceIds, ...path } = input;
  const result = await api.POST(JOURNEYS_PATH, { params: { path }, body: { type: 'Remit form printed', invoiceIds }, signal });
  if (!result.response.ok) throw new Error(`failed calling api on path ${JOURNEYS_PATH}`);
});

/** `POST .../remit/pdf`: the remit slip; answers the PDF and its file name. */
export const fetchRemitPdf = fromPromise<{ blob: Blob; fileName: string }, RemitLocation & { body: RemitPdfRequest }>(async ({ input, signal }) => {
  const { body, ...path } = input;
  const result = await api.POST(PDF_PATH, { params: { path }, body, parseAs: 'blob', signal });
  const data = result.data as Blob | undefined;
  if (!result.response.ok || !data || typeof data.arrayBuffer !== 'function') throw new Error(`failed calling api on path ${PDF_PATH}`);
  const disposition = result.response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'remit-form.pdf';
  return { blob: new Blob([await data.arrayBuffer()], { type: 'application/pdf' }), fileName };
});
