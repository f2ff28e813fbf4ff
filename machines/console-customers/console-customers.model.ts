import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { Location } from './console-customers.actors';
import type { consoleCustomersMachine } from './console-customers.machine';

export function locationSample(n: number, name: string): Location {
  return {
    id: `89831b0${n}-13e6-4491-8d27-2b00eae590d3`,
    externalId: `PFG-LOC-${n}`,
    displayName: name,
    address: { addressLine1: `${n}14 East Bay St`, addressLine2: '', city: 'Charleston', state: 'SC', postalCode: '29401' },
    paymentConfigs: [],
    createdAt: '2026-10-01T10:00:00.000Z',
  };
}

export const customersFirstPage = { locations: [locationSample(1, 'Blue Heron Grill'), locationSample(2, 'Harbor Street Kitchen')], cursor: 'c2', hasMore: true };
export const customersNextPage = { locations: [locationSample(3, 'Magnolia Catering')], cursor: 'c3', hasMore: false };
export const customersFoundPage = { locations: [locationSample(1, 'Blue Heron Grill')], cursor: 'c1', hasMore: false };

/** Model events: a name typed, the search sent, the next page, a retry, and each answer (a search finds one). */
export function consoleCustomersModelEvents(snapshot: SnapshotFrom<typeof consoleCustomersMachine>): EventObject[] {
  const { draft, name, customers } = snapshot.context;
  const candidates: AnyEventObject[] = [
    ...(draft === '' ? [{ type: 'search.change', value: 'heron' }] : []),
    ...(name !== draft.trim() ? [{ type: 'search.submit' }] : []),
    { type: 'customers.more' },
    { type: 'customers.retry' },
    { type: 'xstate.done.actor.loadCustomers', output: name ? customersFoundPage : customersFirstPage },
    { type: 'xstate.error.actor.loadCustomers', error: new ConsoleApiError(0) },
    ...(customers.length === customersFirstPage.locations.length && !name ? [{ type: 'xstate.done.actor.loadMoreCustomers', output: customersNextPage }] : []),
    { type: 'xstate.error.actor.loadMoreCustomers', error: new ConsoleApiError(503, 'unavailable') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
