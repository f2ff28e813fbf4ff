import { defineMachine } from '../registry-entry';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import { invoiceAdjustmentMachine } from './invoice-adjustment.machine';
import { invoiceAdjustmentModelEvents, modelAdjustInvoice } from './invoice-adjustment.model';

export const invoiceAdjustmentEntry = defineMachine({
  machine: invoiceAdjustmentMachine,
  input: { vendorId: modelVendorId, locationId: modelLocationId, invoiceId: modelAdjustInvoice.id, kind: 'partial' },
  events: invoiceAdjustmentModelEvents,
  purpose: 'Dispute / partial payment form of one invoice',
  feature: 'Click-to-pay',
});
