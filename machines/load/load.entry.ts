import { defineMachine } from '../registry-entry';
import { modelVendorId } from '../dashboard/dashboard.model';
import { configLoadMachine, locationsLoadMachine, vendorsLoadMachine } from './loaders';
import { loadModelEvents } from './load.model';

const sampleVendor = {
  id: modelVendorId, uuid: modelVendorId, name: 'Acme Foodservice', displayName: 'Acme Foodservice',
  address: { addressLine1: '100 Market St', addressLine2: '', city: 'Memphis', state: 'TN', postalCode: '38103' },
  createType: 'manual', paymentConfigs: [], paymentMethodConfig: { options: [] },
  config: { appName: 'PerformancePay', logoUrl: null, c2pPaymentDays: null, autoPayStartDateTimeFrame: null, achProcessor: 'direct-ach' as const },
  eodCutoff: { hour: 17, timezone: 'America/Chicago' }, invoiceFilterColumns: [], featureFlags: {},
};

export const vendorsLoadEntry = defineMachine({
  machine: vendorsLoadMachine,
  events: loadModelEvents([sampleVendor]),
  purpose: 'Load lifecycle of the vendors slice',
  feature: 'Session and navigation',
});

export const locationsLoadEntry = defineMachine({
  machine: locationsLoadMachine,
  input: { vendorId: modelVendorId },
  events: loadModelEvents({}),
  purpose: 'Load lifecycle of a vendor’s locations',
  feature: 'Session and navigation',
});

export const configLoadEntry = defineMachine({
  machine: configLoadMachine,
  input: { key: 'configuration' },
  events: loadModelEvents({ configuration: { paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 30 } } }),
  purpose: 'Load lifecycle of a configuration key',
  feature: 'Session and navigation',
});
