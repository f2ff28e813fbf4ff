/** Actors of the console's Payments list: the vendor API's payment-group feed, newest first, filtered on the server. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type PaymentGroup = components['schemas']['PaymentGroup'];
export type PaymentGroupStatus = components['schemas']['PaymentGroupStatus'];

export interface PaymentsFilter {
  status: PaymentGroupStatus | '';
  /** `yyyy-MM-dd` or '' */
  from: string;
  to: string;
  method: 'CC' | 'ACH' | '';
}

export interface PaymentsPage {
  paymentGroups: PaymentGroup[];
  cursor: string | null;
  hasMore: boolean;
}

export const PAYMENTS_PAGE_SIZE = 50;

/** The query of a filter (what both the list and its CSV export send). */
export function paymentsQuery(filter: PaymentsFilter) {
  return {
    order: 'newest' as const,
    ...(filter.status ? { status: [filter.status] } : {}),
    ...(filter.from ? { paymentDateFrom: filter.from } : {}),
    ...(filter.to ? { paymentDateTo: filter.to } : {}),
    ...(filter.method ? { methodType: filter.method } : {}),
  };
}

export const loadPayments = fromPromise<PaymentsPage, { filter: PaymentsFilter; cursor: string | null }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.GET('/payment-groups', { params: { query: { ...paymentsQuery(input.filter), limit: PAYMENTS_PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) } } }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

/** The CSV export of the same filter (a plain link: the browser downloads it with the session cookie). */
export function paymentsCsvHref(filter: PaymentsFilter): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(paymentsQuery(filter))) for (const one of [value].flat()) query.append(name, String(one));
  return `/vendor-api/payment-groups.csv?${query.toString()}`;
}
