import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { connectInvoiceJourney } from '../../../machines/invoice-journey/invoice-journey.connect';
import { invoiceJourneyMachine } from '../../../machines/invoice-journey/invoice-journey.machine';

/** The journey page's machine (history, mark read on open, the add-comment modal) and its view (`connectInvoiceJourney`). */
export function useInvoiceJourney(input: { vendorId: string; locationId: string; invoiceId: string }) {
  const actor = useActorRef(invoiceJourneyMachine, { input });
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(() => connectInvoiceJourney(snapshot, actor.send), [snapshot, actor]);
}
