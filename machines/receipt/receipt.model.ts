/** Model events of the receipt download (walks, the registry). */
import type { AnyEventObject as EventObject } from 'xstate';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';

export const modelReceiptInput = { vendorId: modelVendorId, locationId: modelLocationId, paymentGroupId: 'c0ffee00-0000-4000-8000-000000000001' };

export const modelReceiptFile = { blob: new Blob(['%PDF-1.3'], { type: 'application/pdf' }), fileName: 'receipt-PP-1001.pdf' };

export function receiptDownloadModelEvents(snapshot?: { value: unknown }): EventObject[] {
  switch (snapshot?.value) {
    case 'downloading':
      return [
        { type: 'xstate.done.actor.fetchReceiptPdf', output: modelReceiptFile },
        { type: 'xstate.error.actor.fetchReceiptPdf', error: new Error('failed calling api') },
      ];
    case 'downloadFailed':
      return [{ type: 'receipt.download' }, { type: 'receipt.dismiss' }];
    default:
      return [{ type: 'receipt.download' }];
  }
}
