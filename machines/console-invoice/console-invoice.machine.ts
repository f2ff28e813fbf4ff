import { assign, setup } from 'xstate';
import type { Invoice } from '../console-invoices/console-invoices.actors';
import { loadInvoice, sendPayRequest, type Contact, type JourneyEntry } from './console-invoice.actors';

export interface PayRequestDraft {
  contactId: string;
  deliver: 'email' | 'sms';
}

export interface ConsoleInvoiceContext {
  invoiceId: string;
  invoice: Invoice | null;
  journey: JourneyEntry[];
  truncated: boolean;
  contacts: Contact[];
  request: PayRequestDraft;
  /** the Idempotency-Key of the next request is `<keyBase>-<done>` (see console-payment) */
  keyBase: string;
  done: number;
  problem: string | null;
  /** where the last request went, and until when its link works */
  sent: { recipient: string; expiresAt: string } | null;
}

export type ConsoleInvoiceEvent =
  | { type: 'invoice.retry' }
  | { type: 'request.open' }
  | { type: 'request.change'; field: keyof PayRequestDraft; value: string }
  | { type: 'request.submit' }
  | { type: 'dialog.close' };

/** The address a contact is reached at by this channel, or null. */
export const addressOf = (contact: Contact | undefined, deliver: PayRequestDraft['deliver']) => (contact ? (deliver === 'email' ? contact.email : contact.mobile) : null);

/** Whether the invoice can be sent to be paid: open, not scheduled already, and someone to send it to. */
export const payable = (invoice: Invoice | null, contacts: readonly Contact[]) =>
  invoice?.status === 'open' && invoice.portalStatus === 'open' && contacts.some((c) => c.email || c.mobile);

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';
const isNotFound = (error: unknown) => (error as { status?: number } | undefined)?.status === 404;

/**
 * The console's invoice page: the invoice, its customer, and its journey as the customer sees it (who did what, when);
 * an AR clerk or an admin sends one of the customer's contacts a click-to-pay request for it, by e-mail or text, after
 * choosing whom.
 *
 * loading ──▶ ready | notFound | failed (retry)
 * ready ──request.open [open, someone to send to]──▶ requesting.editing ──submit [an address]──▶ requesting.sending
 *   ▲                                                       ▲   └─close──▶ ready                       │
 *   └──────────────────────── done (sent) ────────────────┴──────── error (problem) ─────────────────┘
 */
export const consoleInvoiceMachine = setup({
  types: {} as { context: ConsoleInvoiceContext; events: ConsoleInvoiceEvent; input: { invoiceId: string } },
  actors: { loadInvoice, sendPayRequest },
  guards: {
    notFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    canRequest: ({ context }) => payable(context.invoice, context.contacts),
    requestValid: ({ context }) => Boolean(addressOf(context.contacts.find((c) => c.id === context.request.contactId), context.request.deliver)),
  },
}).createMachine({
  id: 'consoleInvoice',
  context: ({ input }) => ({
    invoiceId: input.invoiceId,
    invoice: null,
    journey: [],
    truncated: false,
    contacts: [],
    request: { contactId: '', deliver: 'email' },
    keyBase: newKey(),
    done: 0,
    problem: null,
    sent: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: {
          target: 'ready',
          actions: assign({ invoice: ({ event }) => event.output.invoice, journey: ({ event }) => event.output.journey, truncated: ({ event }) => event.output.truncated, contacts: ({ event }) => event.output.contacts }),
        },
        onError: [{ guard: 'notFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'invoice.retry': { target: 'loading' } } },
    notFound: {},
    ready: {
      on: {
        'request.open': {
          guard: 'canRequest',
          target: 'requesting',
          actions: assign({
            problem: null,
            sent: null,
            request: ({ context }) => {
              const first = context.contacts.find((c) => c.email) ?? context.contacts.find((c) => c.mobile)!;
              return { contactId: first.id, deliver: first.email ? ('email' as const) : ('sms' as const) };
            },
          }),
        },
      },
    },
    requesting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'request.change': { actions: assign({ request: ({ context, event }) => ({ ...context.request, [event.field]: event.value }), problem: null }) },
            'request.submit': { guard: 'requestValid', target: 'sending' },
            'dialog.close': { target: '#consoleInvoice.ready' },
          },
        },
        sending: {
          invoke: {
            id: 'sendPayRequest',
            src: 'sendPayRequest',
            input: ({ context }) => ({ invoice: context.invoice!, contactId: context.request.contactId, deliver: context.request.deliver, idempotencyKey: `${context.keyBase}-${context.done}` }),
            onDone: {
              target: '#consoleInvoice.ready',
              actions: assign({ sent: ({ event }) => ({ recipient: event.output.sentTo?.recipient ?? '', expiresAt: event.output.expiresAt }), problem: null, done: ({ context }) => context.done + 1 }),
            },
            onError: { target: 'editing', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
  },
});
