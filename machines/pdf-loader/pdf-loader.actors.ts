/** The invoice copy: which call serves the PDF (QBO or not), the PDF bytes, and a `blob:` URL of them. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';

export interface PdfLoaderInput {
  vendorId: string;
  locationId: string;
  invoiceId: string;
}

const JOURNEY_PATH = '/vendors/{vendorId}/locations/{locationId}/invoices/{invoiceId}/journey';
const PDF_PATH = '/vendors/{vendorId}/locations/{locationId}/invoices/{invoiceId}/details';
const QBO_PDF_PATH = '/vendors/{vendorId}/locations/{locationId}/qbopdf/{externalId}';

/** Spec §4: redirect only to a URL with one of these protocols. */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'ftp:', 'blob:']);

export function isRedirectableUrl(url: string): boolean {
  try {
    return ALLOWED_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Creates the object URL of the fetched document (a seam for tests: jsdom has no `URL.createObjectURL`). */
export const pdfUrlFactory = { create: (blob: Blob): string => URL.createObjectURL(blob) };

/**
 * Looks the invoice up (its journey call answers any invoice of the location, open or closed), fetches the PDF with
 * `getQboInvoicePdf` for a QBO-type invoice (by its external id) or `getInvoicePdf` otherwise, and answers a `blob:`
 * URL of the bytes. Throws "Unable to fetch PDF" (spec §8, internal) when the call fails or the answer is not a PDF.
 */
export const fetchPdf = fromPromise<string, PdfLoaderInput>(async ({ input, signal }) => {
  const journey = unwrap(JOURNEY_PATH, await api.GET(JOURNEY_PATH, { params: { path: input }, signal }));
  const invoice = journey.invoice;
  const { vendorId, locationId } = input;
  const result =
    invoice.createType === 'QBO'
      ? await api.GET(QBO_PDF_PATH, { params: { path: { vendorId, locationId, externalId: invoice.externalId } }, parseAs: 'blob', signal })
      : await api.GET(PDF_PATH, { params: { path: input }, parseAs: 'blob', signal });
  const data = result.data as Blob | undefined;
  if (!result.response.ok || !data || typeof data.arrayBuffer !== 'function') throw new Error('Unable to fetch PDF');
  const type = result.response.headers.get('Content-Type') ?? data.type;
  if (!/^application\/pdf\b/i.test(type)) throw new Error('Unable to fetch PDF');
  // A Blob of this realm typed application/pdf, so the browser's PDF viewer opens the blob: URL.
  const blob = new Blob([await data.arrayBuffer()], { type: 'application/pdf' });
  return pdfUrlFactory.create(blob);
});
