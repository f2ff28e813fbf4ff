import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { PaymentGroup } from './console-payments.actors';
import type { consolePaymentsMachine } from './console-payments.machine';

/** A payment group as the vendor API answers it (status, method and amounts vary per sample). */
export function paymentGroupSample(n: number, status: PaymentGroup['status'], type: 'CC' | 'ACH', total: number): PaymentGroup {
  return {
    id: `0387900${n}-7a4a-4089-9b2b-68d42a24710e`,
    confirmationNumber: `PP-FEJZN3CX${n}G`,
    status,
    paymentDate: `2026-11-${String(10 + n).padStart(2, '0')}`,
    source: 'Portal',
    paymentPlanId: null,
    contact: { id: '999328cd-a4e2-4663-9842-75c064f1fb21', externalId: null, name: 'Dana Whitfield' },
    location: { id: '89831b01-13e6-4491-8d27-2b00eae590d3', externalId: 'LOC-BLUE-HERON' },
    method: { type, lastFour: type === 'CC' ? '4821' : '6789' },
    subtotal: total,
    serviceFee: 0,
    total,
    createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T16:42:00.000Z`,
    updatedAt: `2026-11-${String(10 + n).padStart(2, '0')}T16:42:00.000Z`,
    lines: [{ invoiceId: `d0f7d15${n}-dd6b-4e87-ba49-10a7c232003a`, invoiceExternalId: `PFG-INV44098${n}0`, displayInvNum: `INV44098${n}0`, paidAmount: total, reason: null, notes: null }],
    returnCode: null,
    authorization: null,
  };
}

export const paymentsFirstPage = { paymentGroups: [paymentGroupSample(3, 'complete', 'CC', 2440.95), paymentGroupSample(2, 'scheduled', 'ACH', 884.15)], cursor: 'cur2', hasMore: true };
export const paymentsNextPage = { paymentGroups: [paymentGroupSample(1, 'returned', 'ACH', 120)], cursor: 'cur1', hasMore: false };
export const paymentsCompletePage = { paymentGroups: [paymentGroupSample(3, 'complete', 'CC', 2440.95)], cursor: 'cur3', hasMore: false };

/** Model events: the status filter (complete ↔ any), a half-typed and a whole date, the next page, a retry, and each answer. */
export function consolePaymentsModelEvents(snapshot: SnapshotFrom<typeof consolePaymentsMachine>): EventObject[] {
  const { filter, groups } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'filter.change', field: 'status', value: filter.status === 'complete' ? '' : 'complete' },
    ...(filter.from === '' ? [{ type: 'filter.change', field: 'from', value: '2026-11-01' }, { type: 'filter.change', field: 'from', value: '2026-11' }] : []),
    { type: 'payments.more' },
    { type: 'payments.retry' },
    { type: 'xstate.done.actor.loadPayments', output: filter.status === 'complete' ? paymentsCompletePage : paymentsFirstPage },
    { type: 'xstate.error.actor.loadPayments', error: new ConsoleApiError(0) },
    ...(groups.length === paymentsFirstPage.paymentGroups.length ? [{ type: 'xstate.done.actor.loadMorePayments', output: paymentsNextPage }] : []),
    { type: 'xstate.error.actor.loadMorePayments', error: new ConsoleApiError(503, 'unavailable') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
