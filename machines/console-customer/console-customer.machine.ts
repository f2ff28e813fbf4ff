import { assign, setup } from 'xstate';
import type { Location } from '../console-customers/console-customers.actors';
import { loadCustomer, sendToContact, type Contact, type SendKind } from './console-customer.actors';

export interface SendDraft {
  contactId: string;
  kind: SendKind;
  deliver: 'email' | 'sms';
}

export interface ConsoleCustomerContext {
  locationId: string;
  location: Location | null;
  contacts: Contact[];
  send: SendDraft | null;
  keyBase: string;
  done: number;
  problem: string | null;
  /** what was last sent, to whom, until when its link works */
  sent: { kind: SendKind; recipient: string; expiresAt: string } | null;
}

export type ConsoleCustomerEvent =
  | { type: 'customer.retry' }
  | { type: 'send.open'; contactId: string; kind: SendKind }
  | { type: 'send.change'; field: 'kind' | 'deliver'; value: string }
  | { type: 'send.confirm' }
  | { type: 'dialog.close' };

/** The address a contact is reached at by this channel, or null. */
export const reachAt = (contact: Contact | undefined, deliver: 'email' | 'sms') => (contact ? (deliver === 'email' ? contact.email : contact.mobile) : null);

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';
const isNotFound = (error: unknown) => (error as { status?: number } | undefined)?.status === 404;

/**
 * The console's customer page: a location (the customer), its address, and its contacts with how each is reached; an
 * AR clerk or an admin sends one of them — choosing what in the dialog — a login link, the statement, or an invitation
 * to set up AutoPay, by e-mail or text, after a confirmation — once per confirmation (its Idempotency-Key).
 *
 * loading ──▶ ready | notFound | failed (retry)
 * ready ──send.open [reachable]──▶ sending.editing ──confirm [an address]──▶ sending.sending ──▶ ready (sent) | editing (problem)
 *                                         └─close──▶ ready
 */
export const consoleCustomerMachine = setup({
  types: {} as { context: ConsoleCustomerContext; events: ConsoleCustomerEvent; input: { locationId: string } },
  actors: { loadCustomer, sendToContact },
  guards: {
    notFound: ({ event }) => isNotFound((event as { error?: unknown }).error),
    reachable: ({ context, event }) => event.type === 'send.open' && context.contacts.some((c) => c.id === event.contactId && (c.email || c.mobile)),
    knownChoice: ({ event }) => event.type === 'send.change' && (event.field === 'kind' ? ['login', 'statement', 'autopay'] : ['email', 'sms']).includes(event.value),
    hasAddress: ({ context }) => Boolean(context.send && reachAt(context.contacts.find((c) => c.id === context.send!.contactId), context.send.deliver)),
  },
}).createMachine({
  id: 'consoleCustomer',
  context: ({ input }) => ({ locationId: input.locationId, location: null, contacts: [], send: null, keyBase: newKey(), done: 0, problem: null, sent: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCustomer',
        src: 'loadCustomer',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: { target: 'ready', actions: assign({ location: ({ event }) => event.output.location, contacts: ({ event }) => event.output.contacts }) },
        onError: [{ guard: 'notFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    failed: { on: { 'customer.retry': { target: 'loading' } } },
    notFound: {},
    ready: {
      on: {
        'send.open': {
          guard: 'reachable',
          target: 'sending',
          actions: assign({
            problem: null,
            sent: null,
            send: ({ context, event }) => {
              const contact = context.contacts.find((c) => c.id === event.contactId)!;
              return { contactId: contact.id, kind: event.kind, deliver: contact.email ? ('email' as const) : ('sms' as const) };
            },
          }),
        },
      },
    },
    sending: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'send.change': { guard: 'knownChoice', actions: assign({ send: ({ context, event }) => ({ ...context.send!, [event.field]: event.value }) as SendDraft, problem: null }) },
            'send.confirm': { guard: 'hasAddress', target: 'sending' },
            'dialog.close': { target: '#consoleCustomer.ready', actions: assign({ send: null, problem: null }) },
          },
        },
        sending: {
          invoke: {
            id: 'sendToContact',
            src: 'sendToContact',
            input: ({ context }) => ({ locationId: context.locationId, ...context.send!, idempotencyKey: `${context.keyBase}-${context.done}` }),
            onDone: {
              target: '#consoleCustomer.ready',
              actions: assign({
                sent: ({ context, event }) => ({ kind: context.send!.kind, recipient: event.output.sentTo?.recipient ?? '', expiresAt: event.output.expiresAt }),
                send: null,
                done: ({ context }) => context.done + 1,
              }),
            },
            onError: { target: 'editing', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
  },
});
