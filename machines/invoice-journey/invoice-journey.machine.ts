import { assign, setup } from 'xstate';
import { commentProblem } from '../../core/rules/comment';
import { loadJourney, markRead, submitComment, type InvoiceJourney, type JourneyEntry, type JourneyInput } from './invoice-journey.actors';

export interface InvoiceJourneyContext {
  input: JourneyInput;
  journey: InvoiceJourney | null;
  /** The comment as typed; kept while the modal closes or the submit fails, cleared after a submitted comment. */
  comment: string;
}

export type InvoiceJourneyEvent =
  | { type: 'comment.open' }
  | { type: 'comment.change'; text: string }
  | { type: 'comment.submit' }
  | { type: 'comment.close' };

/** Newest first (spec §2: sorted by updatedAt descending); ties keep the server's order. */
export function newestFirst(entries: readonly JourneyEntry[]): JourneyEntry[] {
  return entries.map((e, i) => ({ e, i })).sort((a, b) => Date.parse(b.e.updatedAt) - Date.parse(a.e.updatedAt) || a.i - b.i).map((x) => x.e);
}

/**
 * The invoice journey page (spec §2 "Invoice Journey", §5 comment, recurring §2.9):
 * - on start it marks the invoice's messages read (`markRead`, invoked for the machine's life; errors ignored);
 * - loading → loaded | failed (the failure text asks for a browser refresh);
 * - inside loaded, the comment modal: closed → editing → submitting → submitted ("Comment submitted!") | failed
 *   (the modal again, with "Could not add comment." and the text kept). A submitted comment's journey entry is added
 *   to the history at once (newest first), no reload.
 */
export const invoiceJourneyMachine = setup({
  types: {} as { context: InvoiceJourneyContext; events: InvoiceJourneyEvent; input: JourneyInput },
  actors: { loadJourney, markRead, submitComment },
  guards: {
    commentValid: ({ context }) => commentProblem(context.comment) === null,
  },
  actions: {
    setComment: assign({ comment: (_, text: string) => text }),
    /** Spec §2 / contract: the SPA ignores markMessagesRead errors (handled so they do not stop the page). */
    ignoreMarkReadError: () => {},
  },
}).createMachine({
  id: 'invoiceJourney',
  context: ({ input }) => ({ input, journey: null, comment: '' }),
  // Fire and forget: opening the journey marks the messages read; the outcome changes nothing on the page.
  invoke: { id: 'markRead', src: 'markRead', input: ({ context }) => context.input, onError: { actions: 'ignoreMarkReadError' } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadJourney',
        src: 'loadJourney',
        input: ({ context }) => context.input,
        onDone: { target: 'loaded', actions: assign({ journey: ({ event }) => ({ ...event.output, journeys: newestFirst(event.output.journeys) }) }) },
        onError: 'failed',
      },
    },
    // §8: the page asks the user to reload the page (no retry event).
    failed: {},
    loaded: {
      initial: 'closed',
      states: {
        closed: { on: { 'comment.open': 'editing' } },
        editing: {
          on: {
            'comment.change': { actions: { type: 'setComment', params: ({ event }) => event.text } },
            'comment.submit': { guard: 'commentValid', target: 'submitting' },
            'comment.close': 'closed',
          },
        },
        submitting: {
          invoke: {
            id: 'submitComment',
            src: 'submitComment',
            input: ({ context }) => ({ ...context.input, message: context.comment }),
            onDone: {
              target: 'submitted',
              actions: assign({
                comment: '',
                journey: ({ context, event }) => (context.journey ? { ...context.journey, journeys: newestFirst([event.output, ...context.journey.journeys.filter((e) => e.id !== event.output.id)]) } : null),
              }),
            },
            onError: 'failed',
          },
        },
        submitted: { on: { 'comment.close': 'closed' } },
        // The comment modal in its failed state: the message shows, the text is kept, the user may edit and resend.
        failed: {
          on: {
            'comment.change': { target: 'editing', actions: { type: 'setComment', params: ({ event }) => event.text } },
            'comment.submit': { guard: 'commentValid', target: 'submitting' },
            'comment.close': 'closed',
          },
        },
      },
    },
  },
});
