/** Model events and sample data of the message machines (registry walks, transition tests and the view walks). */
import type { AnyEventObject } from 'xstate';
import { modelInvoice } from '../click2pay/click2pay.model';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import { reportModelEvents } from '../reports/reports.model';
import { messageEntries } from '../../core/rules/messages';
import type { Message, TemplateMessage } from './messages.actors';

export { modelLocationId, modelVendorId };
export const modelMessagesInput = { vendorId: modelVendorId, locationId: modelLocationId };

export const modelMessageIds = {
  template: '5a5a5a5a-0000-4000-8000-000000000001',
  failed: '5a5a5a5a-0000-4000-8000-000000000002',
  disputed: '5a5a5a5a-0000-4000-8000-000000000003',
  partial: '5a5a5a5a-0000-4000-8000-000000000004',
  comment: '5a5a5a5a-0000-4000-8000-000000000005',
  invoicePastDue: '5a5a5a5a-0000-4000-8000-00000000000a',
  invoiceLong: '5a5a5a5a-0000-4000-8000-00000000000b',
  invoiceScheduled: '5a5a5a5a-0000-4000-8000-00000000000c',
};
const ids = modelMessageIds;

export const modelTemplateInput = { ...modelMessagesInput, templateMessageId: ids.template };

export const modelRichContent = [
  { type: 'heading', level: 1, children: [{ text: 'Your open invoices' }] },
  { type: 'paragraph', children: [{ text: 'Invoice ' }, { text: 'INV-PAST', bold: true }, { text: ' is past due.', italic: true }] },
  { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'Pay by card' }] }, { type: 'list-item', children: [{ text: 'or bank account' }] }] },
  { type: 'paragraph', children: [{ text: 'Write to ' }, { type: 'link', url: 'mailto:ar@example.com', children: [{ text: 'ar@example.com' }] }] },
];

export function modelTemplateMessage(overrides: Partial<TemplateMessage> = {}): TemplateMessage {
  return {
    id: ids.template,
    messageData: { subject: 'Invoices need attention', content: JSON.stringify(modelRichContent) },
    createdAt: '2026-11-20T14:05:00Z',
    from: { firstName: 'Karen', lastName: 'Ostrowski' },
    to: { firstName: 'Dana', lastName: 'Whitfield', deliverTo: 'demo@example.com' },
    invoices: [
      { ...modelInvoice(ids.invoicePastDue, 'INV-PAST', 100.5, '2026-11-01'), poRefId: 'PO-1', shipTo: '0042-01 - Blue Heron Grill' },
      modelInvoice(ids.invoiceLong, 'PFGC-CHS-0004418837', 200, '2026-12-20'),
      modelInvoice(ids.invoiceScheduled, 'INV-SCHED', 50, '2026-12-24', { payable: false }),
    ],
    ...overrides,
  };
}

function message(id: string, invoiceId: string, num: string, createdAt: string, subject: string, paymentPaidAmount: number | null, contactRead: boolean): Message {
  return { id, invoiceId, invoiceDisplayInvNum: num, createdAt, subject, message: `${subject} of ${num}`, paymentPaidAmount, contactRead };
}

/** One message of each resolution-center category, newest first. */
export const modelMessages: Message[] = [
  message(ids.comment, ids.invoiceLong, 'PFGC-CHS-0004418837', '2026-11-21T15:00:00Z', 'Comment', null, true),
  message(ids.failed, ids.invoicePastDue, 'INV-PAST', '2026-11-19T12:00:00Z', 'Payment Failed', null, false),
  message(ids.disputed, 'aaaaaaaa-0000-4000-8000-000000000001', 'INV-DISP', '2026-11-18T12:00:00Z', 'Pricing Error', 0, false),
  message(ids.partial, 'aaaaaaaa-0000-4000-8000-000000000002', 'INV-PART', '2026-11-17T12:00:00Z', 'Quantity/Weight Incorrect', 500, true),
];

export const modelMessageEntries = messageEntries([modelTemplateMessage()], modelMessages);

export const messageListModelEvents = reportModelEvents(modelMessageEntries);
export const resolutionCenterModelEvents = reportModelEvents(modelMessages);

/** Template message: loads with a payable message, one with nothing payable, or fails; Pay; Try again. */
export function templateMessageModelEvents(snapshot: { value: unknown }): AnyEventObject[] {
  switch (snapshot.value) {
    case 'loading':
      return [
        { type: 'xstate.done.actor.loadTemplateMessage', output: modelTemplateMessage() },
        { type: 'xstate.done.actor.loadTemplateMessage', output: modelTemplateMessage({ id: ids.template, invoices: [] }) },
        { type: 'xstate.error.actor.loadTemplateMessage', error: new Error('failed calling api') },
      ];
    case 'loaded':
      return [{ type: 'message.pay' }];
    case 'failed':
      return [{ type: 'message.retry' }];
    default:
      return [];
  }
}

/** Unread count: the location with or without unread messages; the count loads or fails. */
export function unreadMessagesModelEvents(snapshot: { value: unknown }): AnyEventObject[] {
  switch (snapshot.value) {
    case 'waiting':
      return [{ type: 'unread.location', hasUnreadMessages: true }, { type: 'unread.location', hasUnreadMessages: false }];
    case 'loading':
      return [{ type: 'xstate.done.actor.loadUnreadCount', output: 2 }, { type: 'xstate.error.actor.loadUnreadCount', error: new Error('failed calling api') }];
    default:
      return [];
  }
}
