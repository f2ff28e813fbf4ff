import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { Dispute } from './console-disputes.actors';
import type { consoleDisputesMachine } from './console-disputes.machine';

export function disputeSample(n: number, overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: `5a0c7e2${n}-9d1f-4e3a-8b6c-2f4d0e1a9b7c`,
    kind: n % 2 === 0 ? 'short_pay' : 'dispute',
    status: 'open',
    reason: n % 2 === 0 ? 'Discount' : 'Damaged goods',
    notes: n % 2 === 0 ? 'The promised 5%.' : 'Two cases crushed.',
    paidAmount: n % 2 === 0 ? 120 : 0,
    invoice: { id: `01a7d64${n}-4191-4c98-a33e-d7edaeeeae0f`, externalId: `PFG-INV44116${n}9`, displayInvNum: `INV44116${n}9`, openAmount: 1399.99, closed: false },
    location: { id: '4993431c-6fe9-4bf4-82ce-7fa79f950cdc', externalId: 'PFG-HARBOR-STREET', name: 'Harbor Street Kitchen' },
    contact: { id: '999328cd-a4e2-4663-9842-75c064f1fb21', name: 'Dana Whitfield' },
    createdAt: `2026-11-2${n}T15:02:11.000Z`,
    resolvedAt: null,
    resolvedBy: null,
    replyCount: 0,
    ...overrides,
  };
}

export const disputesFirstPage = { disputes: [disputeSample(3), disputeSample(2)], cursor: 'c2', hasMore: true };
export const disputesNextPage = { disputes: [disputeSample(1)], cursor: 'c1', hasMore: false };
export const disputesResolvedPage = { disputes: [disputeSample(4, { status: 'resolved', resolvedAt: '2026-11-28T09:15:02.000Z', resolvedBy: 'ar@performancefood.example' })], cursor: 'c4', hasMore: false };

/** Model events: open ↔ resolved, one kind, the next page, a retry, and each answer. */
export function consoleDisputesModelEvents(snapshot: SnapshotFrom<typeof consoleDisputesMachine>): EventObject[] {
  const { filter, disputes } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'filter.change', field: 'status', value: filter.status === 'open' ? 'resolved' : 'open' },
    ...(filter.kind === '' ? [{ type: 'filter.change', field: 'kind', value: 'dispute' }] : []),
    { type: 'disputes.more' },
    { type: 'disputes.retry' },
    { type: 'xstate.done.actor.loadDisputes', output: filter.status === 'resolved' ? disputesResolvedPage : disputesFirstPage },
    { type: 'xstate.error.actor.loadDisputes', error: new ConsoleApiError(0) },
    ...(disputes.length === disputesFirstPage.disputes.length && filter.status === 'open' ? [{ type: 'xstate.done.actor.loadMoreDisputes', output: disputesNextPage }] : []),
    { type: 'xstate.error.actor.loadMoreDisputes', error: new ConsoleApiError(503, 'unavailable') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
