/** Actors of the console's Customers: the vendor API's locations, searched by name on the server. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type Location = components['schemas']['Location'];

export interface LocationsPage {
  locations: Location[];
  cursor: string | null;
  hasMore: boolean;
}

export const CUSTOMERS_PAGE_SIZE = 50;

export const loadCustomers = fromPromise<LocationsPage, { name: string; cursor: string | null }>(async ({ input }) => {
  try {
    const name = input.name.trim();
    const { locations, cursor, hasMore } = unwrapConsole(
      await vendorApi.GET('/locations', { params: { query: { limit: CUSTOMERS_PAGE_SIZE, ...(name ? { name } : {}), ...(input.cursor ? { cursor: input.cursor } : {}) } } }),
    );
    return { locations, cursor, hasMore };
  } catch (error) {
    throw networkError(error);
  }
});
