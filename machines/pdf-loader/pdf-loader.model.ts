import type { AnyEventObject as EventObject } from 'xstate';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';

export const modelPdfInput = { vendorId: modelVendorId, locationId: modelLocationId, invoiceId: '33333333-3333-4333-8333-333333333333' };
export const modelPdfUrl = 'blob:http://localhost/8f1d6c1e-8a55-4d3c-9d0e-0a1b2c3d4e5f';

/** Model events of the PDF loader: a blob URL, a URL with a refused protocol, a failed fetch. */
export function pdfLoaderModelEvents(snapshot: { matches: (v: string) => boolean }): EventObject[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.fetchPdf', output: modelPdfUrl },
      { type: 'xstate.done.actor.fetchPdf', output: 'javascript:alert(1)' },
      { type: 'xstate.error.actor.fetchPdf', error: new Error('Unable to fetch PDF') },
    ];
  }
  return [];
}
