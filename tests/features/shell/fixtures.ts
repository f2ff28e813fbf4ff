/** Contract-shaped fixtures for the shell, chooser and dashboard tests. */
import type { components } from '../../../core/api/schema';

type Vendor = components['schemas']['Vendor'];
type Location = components['schemas']['Location'];

export const ids = {
  coastal: '0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01',
  acme: '9d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60',
  zenith: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
  blueHeron: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  harbor: '6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  airport: '7c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
};

const address = (addressLine1: string, city: string, state: string, postalCode: string) => ({ addressLine1, addressLine2: '', city, state, postalCode });

export function vendor(id: string, name: string, logoUrl: string | null = null): Vendor {
  return {
    id, uuid: id, name, displayName: name,
    address: address('100 Market St', 'Memphis', 'TN', '38103'),
    createType: 'manual', paymentConfigs: [], paymentMethodConfig: { options: [] },
    config: { appName: 'PerformancePay', logoUrl, c2pPaymentDays: null, autoPayStartDateTimeFrame: null, achProcessor: 'direct-ach' },
    eodCutoff: { hour: 17, timezone: 'America/Chicago' }, invoiceFilterColumns: [], featureFlags: {},
  };
}

export function location(id: string, vendorId: string, displayName: string, street = '214 East Bay St'): Location {
  return { id, vendorId, displayName, address: address(street, 'Charleston', 'SC', '29401'), createType: 'manual', hasUnreadMessages: false, paymentConfigs: [] };
}

export const token = 'Xk3v9QZ0s7_Wq2LrT8bNc4yHd1mE6fUa5gJ0pK2iOvA';
