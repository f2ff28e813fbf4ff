import { assign, setup } from 'xstate';
import { loadTemplateMessage, type TemplateMessage, type TemplateMessageInput } from './messages.actors';

export interface TemplateMessageContext {
  input: TemplateMessageInput;
  message: TemplateMessage | null;
}

export type TemplateMessageEvent = { type: 'message.pay' } | { type: 'message.retry' };

/** The message's invoices that can still be paid (payable, not closed). */
export function payableInvoiceIds(message: TemplateMessage | null): string[] {
  return (message?.invoices ?? []).filter((i) => i.payable && !i.deletedAt).map((i) => i.id);
}

/**
 * A template message at .../templatemessages/{templateMessageId} (portal-recurring.md §2.8, §4): loading → loaded |
 * failed ("Try again" loads again). In loaded, Pay — offered only while some of its invoices can be paid — sets the
 * confirmed flag (the final state `confirmed`) and runs the provided `startPayment` action, which hands the message id
 * and its payable invoice ids to the session's invoice selection and goes to .../click2pay.
 * Whether the rich content parses is a selector (pure function of the loaded message), not a state.
 */
export const templateMessageMachine = setup({
  types: {} as { context: TemplateMessageContext; events: TemplateMessageEvent; input: TemplateMessageInput },
  actors: { loadTemplateMessage },
  guards: {
    hasPayableInvoices: ({ context }) => payableInvoiceIds(context.message).length > 0,
  },
  actions: {
    /** Provided by the page: selection + navigation. */
    startPayment: (_, _params: { messageId: string; invoiceIds: string[] }) => {},
  },
}).createMachine({
  id: 'templateMessage',
  context: ({ input }) => ({ input, message: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTemplateMessage',
        src: 'loadTemplateMessage',
        input: ({ context }) => context.input,
        onDone: { target: 'loaded', actions: assign({ message: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: {
      on: {
        'message.pay': {
          guard: 'hasPayableInvoices',
          target: 'confirmed',
          actions: { type: 'startPayment', params: ({ context }) => ({ messageId: context.input.templateMessageId, invoiceIds: payableInvoiceIds(context.message) }) },
        },
      },
    },
    failed: { on: { 'message.retry': 'loading' } },
    // The confirmed flag: Pay was clicked; the page is on its way to click-to-pay.
    confirmed: { type: 'final' },
  },
});
