import type { SnapshotFrom } from 'xstate';
import type { InvoiceAdjustmentEvent, invoiceAdjustmentMachine } from './invoice-adjustment.machine';
import { selectAmountError, selectCanApply, selectNotAdjustable, selectPartialSummary } from './invoice-adjustment.selectors';

export type InvoiceAdjustmentStatus = 'loading' | 'failed' | 'notAdjustable' | 'editing';

/**
 * The dispute / partial-payment form's view (zag's `connect(state, send)`): the invoice, the typed values and their
 * verdicts, and the form's intents. Pure. Apply sends `adjustment.apply`; the chart hands the adjustment it built to
 * the provided `applied`.
 */
export function connectInvoiceAdjustment(
  snapshot: Pick<SnapshotFrom<typeof invoiceAdjustmentMachine>, 'context' | 'matches'>,
  send: (event: InvoiceAdjustmentEvent) => void,
) {
  const { context } = snapshot;
  const status: InvoiceAdjustmentStatus = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('failed') ? 'failed' : snapshot.matches('notAdjustable') ? 'notAdjustable' : 'editing';
  return {
    status,
    notAdjustable: selectNotAdjustable(snapshot),
    invoice: context.invoice,
    reason: context.reason,
    notes: context.notes,
    amountText: context.amountText,
    amountError: selectAmountError(snapshot),
    summary: selectPartialSummary(snapshot),
    canApply: selectCanApply(snapshot),
    setReason: (reason: string) => send({ type: 'adjustment.reason', reason }),
    setNotes: (notes: string) => send({ type: 'adjustment.notes', notes }),
    setAmount: (text: string) => send({ type: 'adjustment.amount', text }),
    apply: () => send({ type: 'adjustment.apply' }),
  };
}
