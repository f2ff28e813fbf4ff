import { useActorRef, useSelector } from '@xstate/react';
import { invoiceJourneyMachine } from '../../../machines/invoice-journey/invoice-journey.machine';
import {
  selectComment, selectCommentLength, selectCommentModal, selectCommentProblem, selectJourney, selectJourneyStatus,
} from '../../../machines/invoice-journey/invoice-journey.selectors';

/** The journey page's machine: history, mark read on open, the add-comment modal. */
export function useInvoiceJourney(input: { vendorId: string; locationId: string; invoiceId: string }) {
  const actor = useActorRef(invoiceJourneyMachine, { input });
  return {
    status: useSelector(actor, selectJourneyStatus),
    journey: useSelector(actor, selectJourney),
    modal: useSelector(actor, selectCommentModal),
    comment: useSelector(actor, selectComment),
    commentLength: useSelector(actor, selectCommentLength),
    commentProblem: useSelector(actor, selectCommentProblem),
    open: () => actor.send({ type: 'comment.open' }),
    change: (text: string) => actor.send({ type: 'comment.change', text }),
    submit: () => actor.send({ type: 'comment.submit' }),
    close: () => actor.send({ type: 'comment.close' }),
  };
}
