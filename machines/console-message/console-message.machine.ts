import { assign, setup } from 'xstate';
import { loadOpenInvoices, sendMessage, type CreateTemplateMessage, type Invoice } from './console-message.actors';

export interface MessageDraft {
  contactId: string;
  subject: string;
  /** plain text: a blank line starts a new paragraph */
  text: string;
  /** the invoices it is about (their portal ids), in the order chosen */
  invoiceIds: string[];
}

export interface ConsoleMessageContext {
  locationId: string;
  from: { firstName: string; lastName: string };
  invoices: Invoice[];
  draft: MessageDraft;
  problem: string | null;
  /** the subject of the message just sent, and to whom */
  sent: { subject: string; contactId: string } | null;
  keyBase: string;
  done: number;
}

export type ConsoleMessageEvent =
  | { type: 'invoices.retry' }
  | { type: 'draft.change'; field: 'contactId' | 'subject' | 'text'; value: string }
  | { type: 'invoice.toggle'; invoiceId: string }
  | { type: 'message.send' };

const LINE = /^[^\u0000-\u001f]+$/;
export const messageDraftValid = (d: MessageDraft) =>
  d.contactId !== '' && d.subject.trim() !== '' && d.subject.trim().length <= 200 && LINE.test(d.subject.trim()) && d.text.trim() !== '' && d.text.length <= 20_000;

/** The text as rich content: each paragraph (split at blank lines) a paragraph of plain text, its lines joined. */
export function richParagraphs(text: string): CreateTemplateMessage['content'] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').map((line) => line.trim()).filter(Boolean).join(' '))
    .filter((p) => p !== '')
    .map((p) => ({ type: 'paragraph' as const, children: [{ text: p }] })) as CreateTemplateMessage['content'];
}

/** The message the form sends: to the contact, at the location by its portal id, from the person signed in. */
export function messageOf(context: Pick<ConsoleMessageContext, 'locationId' | 'from' | 'invoices' | 'draft' | 'keyBase' | 'done'>): CreateTemplateMessage {
  const externalIds = context.draft.invoiceIds.map((id) => context.invoices.find((i) => i.id === id)!.externalId);
  return {
    externalId: `console-${context.keyBase.slice(0, 8)}-${context.done}`,
    contactId: context.draft.contactId,
    locationId: context.locationId,
    subject: context.draft.subject.trim(),
    from: context.from,
    content: richParagraphs(context.draft.text),
    ...(externalIds.length > 0 ? { invoiceExternalIds: externalIds } : {}),
  };
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOfError = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';

/**
 * "Write to this customer" on the console's customer page (AR clerks and admins): a message to one of the customer's
 * contacts — a subject, text, and the open invoices it is about — that appears in the contact's message center in the
 * portal, where they can pay those invoices from it. Sent once per press (its own id and Idempotency-Key).
 *
 * loadingInvoices ──▶ ready | failed (retry)
 * ready ──draft.change / invoice.toggle──▶ ready
 * ready ──message.send [a contact, a subject, a text]──▶ sending ──▶ ready (sent; the form emptied, the contact kept)
 *                                                              └─error──▶ ready (the server's words; the draft kept)
 */
export const consoleMessageMachine = setup({
  types: {} as {
    context: ConsoleMessageContext;
    events: ConsoleMessageEvent;
    input: { locationId: string; contactId: string; from: { firstName: string; lastName: string } };
  },
  actors: { loadOpenInvoices, sendMessage },
  guards: {
    valid: ({ context }) => messageDraftValid(context.draft),
    knownInvoice: ({ context, event }) => event.type === 'invoice.toggle' && context.invoices.some((i) => i.id === event.invoiceId),
  },
}).createMachine({
  id: 'consoleMessage',
  context: ({ input }) => ({
    locationId: input.locationId,
    from: input.from,
    invoices: [],
    draft: { contactId: input.contactId, subject: '', text: '', invoiceIds: [] },
    problem: null,
    sent: null,
    keyBase: newKey(),
    done: 0,
  }),
  initial: 'loadingInvoices',
  states: {
    loadingInvoices: {
      invoke: {
        id: 'loadOpenInvoices',
        src: 'loadOpenInvoices',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: { target: 'ready', actions: assign({ invoices: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'invoices.retry': { target: 'loadingInvoices' } } },
    ready: {
      on: {
        'draft.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), problem: null, sent: null }) },
        'invoice.toggle': {
          guard: 'knownInvoice',
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              invoiceIds: context.draft.invoiceIds.includes(event.invoiceId) ? context.draft.invoiceIds.filter((id) => id !== event.invoiceId) : [...context.draft.invoiceIds, event.invoiceId],
            }),
            sent: null,
          }),
        },
        'message.send': { guard: 'valid', target: 'sending', actions: assign({ problem: null, sent: null }) },
      },
    },
    sending: {
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => ({ message: messageOf(context), idempotencyKey: `${context.keyBase}-${context.done}` }),
        onDone: {
          target: 'ready',
          actions: assign({
            sent: ({ context }) => ({ subject: context.draft.subject.trim(), contactId: context.draft.contactId }),
            draft: ({ context }) => ({ contactId: context.draft.contactId, subject: '', text: '', invoiceIds: [] }),
            done: ({ context }) => context.done + 1,
          }),
        },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOfError(event.error) }) },
      },
    },
  },
});
