import { defineMachine } from '../registry-entry';
import { invoiceSelectionMachine } from './invoice-selection.machine';
import { invoiceSelectionModelEvents } from './invoice-selection.model';

export const invoiceSelectionEntry = defineMachine({
  machine: invoiceSelectionMachine,
  events: invoiceSelectionModelEvents,
  purpose: 'Invoices chosen for payment with their disputes and partial payments',
  feature: 'Click-to-pay',
});
