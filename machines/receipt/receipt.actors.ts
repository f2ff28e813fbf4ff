/** The payment receipt PDF (`getPaymentGroupReceiptPdf`): the bytes and the file name the server gives it. */
import { fromPromise } from 'xstate';
import { api } from '../../core/api/client';

export interface ReceiptInput {
  vendorId: string;
  locationId: string;
  paymentGroupId: string;
}

export interface ReceiptFile {
  blob: Blob;
  fileName: string;
}

const RECEIPT_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentgroups/{paymentGroupId}/receipt.pdf';

/** Fetches the receipt with the token; throws when the call fails or the answer is not a PDF. */
export const fetchReceiptPdf = fromPromise<ReceiptFile, ReceiptInput>(async ({ input, signal }) => {
  const result = await api.GET(RECEIPT_PATH, { params: { path: input }, parseAs: 'blob', signal });
  const data = result.data as Blob | undefined;
  if (!result.response.ok || !data || typeof data.arrayBuffer !== 'function') throw new Error(`failed calling api on path ${RECEIPT_PATH}`);
  const type = result.response.headers.get('Content-Type') ?? data.type;
  if (!/^application\/pdf\b/i.test(type)) throw new Error(`failed calling api on path ${RECEIPT_PATH}`);
  const disposition = result.response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'receipt.pdf';
  return { blob: new Blob([await data.arrayBuffer()], { type: 'application/pdf' }), fileName };
});
