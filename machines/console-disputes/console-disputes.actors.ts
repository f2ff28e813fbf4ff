/** Actors of the console's Disputes inbox: the vendor API's disputes and short-pays, filtered on the server. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type Dispute = components['schemas']['Dispute'];

export interface DisputesFilter {
  status: 'open' | 'resolved';
  kind: 'dispute' | 'short_pay' | '';
}

export interface DisputesPage {
  disputes: Dispute[];
  cursor: string | null;
  hasMore: boolean;
}

export const DISPUTES_PAGE_SIZE = 50;

export const loadDisputes = fromPromise<DisputesPage, { filter: DisputesFilter; cursor: string | null }>(async ({ input }) => {
  try {
    const query = { status: input.filter.status, ...(input.filter.kind ? { kind: input.filter.kind } : {}), limit: DISPUTES_PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) };
    return unwrapConsole(await vendorApi.GET('/disputes', { params: { query } }));
  } catch (error) {
    throw networkError(error);
  }
});
