import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { SentMessage } from './console-sent-messages.actors';
import type { consoleSentMessagesMachine } from './console-sent-messages.machine';

export const sentMessagesModelInput = { editable: true };

const message = (id: string, subject: string, createdAt: string, invoices: string[]): SentMessage => ({
  id,
  externalId: null,
  contactId: '16008b04-4fac-4b9c-8e08-e7c0804a31ab',
  locationId: '5f236fa8-9794-4620-b407-32bfcd55dcf9',
  locationExternalId: 'STORE-12',
  subject,
  from: { firstName: 'Karen', lastName: 'Ortiz' },
  content: [{ type: 'paragraph', children: [{ text: `${subject}.` }] }],
  invoiceExternalIds: invoices,
  createdAt,
});

/** The first page (older one first, as the API pages them by id) and the page after it. */
export const sentMessagesSample: SentMessage[] = [
  message('3de1b55a-43e1-40db-8cc5-baab12af4e8e', 'Invoice INV-1001 is due soon', '2026-11-20T15:00:00.000Z', ['ERP-1001']),
  message('dbbeed16-97fc-4957-ad75-d74629d7ecbb', 'Your statement for November', '2026-11-28T09:30:00.000Z', []),
];
export const sentMessagesMore: SentMessage[] = [message('f0c4a1de-5b8e-4c1a-9d3e-2a7b6c5d4e3f', 'Two invoices past due', '2026-11-10T12:00:00.000Z', ['ERP-0990', 'ERP-0991'])];

/**
 * Model events: the first page (with a next one) or offline, retry; the next page, or its failure; the newest message
 * withdrawn after its confirmation (cancelled, refused, or withdrawn).
 */
export function consoleSentMessagesModelEvents(snapshot: SnapshotFrom<typeof consoleSentMessagesMachine>): EventObject[] {
  const { items, notice } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'messages.retry' },
    { type: 'xstate.done.actor.loadSentMessages', output: { items: sentMessagesSample, nextCursor: 'dbbeed16-97fc-4957-ad75-d74629d7ecbb' } },
    { type: 'xstate.error.actor.loadSentMessages', error: new ConsoleApiError(0) },
    ...(items.length === sentMessagesSample.length ? [{ type: 'messages.more' }] : []),
    { type: 'xstate.done.actor.loadMoreSentMessages', output: { items: sentMessagesMore, nextCursor: null } },
    { type: 'xstate.error.actor.loadMoreSentMessages', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
    ...(notice === null && items.some((m) => m.id === sentMessagesSample[1]!.id) ? [{ type: 'withdraw.ask', id: sentMessagesSample[1]!.id }] : []),
    { type: 'withdraw.confirm' },
    { type: 'withdraw.cancel' },
    { type: 'xstate.done.actor.withdrawSentMessage' },
    { type: 'xstate.error.actor.withdrawSentMessage', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
