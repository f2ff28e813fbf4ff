import type { SnapshotFrom } from 'xstate';
import type { InvoiceJourneyEvent, invoiceJourneyMachine } from './invoice-journey.machine';
import {
  selectComment, selectCommentLength, selectCommentModal, selectCommentProblem, selectJourney, selectJourneyStatus,
} from './invoice-journey.selectors';

/**
 * The invoice journey page's view (zag's `connect(state, send)`): the invoice and its history (newest first, as the
 * chart keeps it), the add-comment modal's state with the typed comment and its verdict, and the modal's intents.
 * Pure, no React. Submit sends `comment.submit` whatever the text; the chart's guard refuses an invalid comment.
 */
export function connectInvoiceJourney(
  snapshot: Pick<SnapshotFrom<typeof invoiceJourneyMachine>, 'context' | 'matches'>,
  send: (event: InvoiceJourneyEvent) => void,
) {
  const journey = selectJourney(snapshot);
  return {
    status: selectJourneyStatus(snapshot),
    invoice: journey?.invoice ?? null,
    entries: journey?.journeys ?? [],
    modal: selectCommentModal(snapshot),
    comment: selectComment(snapshot),
    commentLength: selectCommentLength(snapshot),
    commentProblem: selectCommentProblem(snapshot),
    open: () => send({ type: 'comment.open' }),
    change: (text: string) => send({ type: 'comment.change', text }),
    submit: () => send({ type: 'comment.submit' }),
    close: () => send({ type: 'comment.close' }),
  };
}

export type InvoiceJourneyApi = ReturnType<typeof connectInvoiceJourney>;
