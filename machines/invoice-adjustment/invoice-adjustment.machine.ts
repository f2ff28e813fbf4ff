import { assign, setup } from 'xstate';
import { validatePartialAmount } from '../../core/rules/dollars';
import { canEditInvoice, isDisputeReason, type DisputeReason } from '../../core/rules/invoices';
import { loadInvoice, type Invoice } from '../click2pay/click2pay.actors';
import type { InvoiceAdjustment } from '../invoice-selection/invoice-selection.machine';
import { amountToCents } from '../../core/rules/money';

export type AdjustmentKind = 'dispute' | 'partial';

export interface InvoiceAdjustmentInput {
  vendorId: string;
  locationId: string;
  invoiceId: string;
  kind: AdjustmentKind;
}

export interface InvoiceAdjustmentContext {
  input: InvoiceAdjustmentInput;
  invoice: Invoice | null;
  reason: DisputeReason | '';
  notes: string;
  /** The typed new payment amount (partial payment only). */
  amountText: string;
}

export type InvoiceAdjustmentEvent =
  | { type: 'adjustment.reason'; reason: string }
  | { type: 'adjustment.notes'; notes: string }
  | { type: 'adjustment.amount'; text: string }
  | { type: 'adjustment.apply' };

export function openAmountCents(invoice: Invoice): number {
  return amountToCents(invoice.openAmount);
}

/** The adjustment the form describes, or null while it is not valid (§5: dispute needs a reason; partial also a valid amount). */
export function adjustmentOf(context: InvoiceAdjustmentContext): InvoiceAdjustment | null {
  if (!context.invoice || !context.reason) return null;
  const amountCents = openAmountCents(context.invoice);
  let newAmountCents = 0;
  if (context.input.kind === 'partial') {
    const parsed = validatePartialAmount(context.amountText, amountCents);
    if (!parsed.ok) return null;
    newAmountCents = parsed.cents;
  }
  return { invoiceId: context.invoice.id, amountCents, newAmountCents, reason: context.reason, notes: context.notes.trim() };
}

/** Why a loaded invoice cannot be disputed or part-paid (§5), or null when it can. */
export type NotAdjustableReason = 'credit' | 'notPayable';

export function notAdjustableReason(invoice: Invoice): NotAdjustableReason | null {
  if (!canEditInvoice(invoice)) return 'credit';
  if (!invoice.payable || invoice.deletedAt) return 'notPayable';
  return null;
}

/**
 * The dispute and partial-payment forms of one invoice (spec §2, §5): the invoice loads (loading → editing | failed),
 * or, for a credit or an invoice no longer payable opened by URL, notAdjustable (the page says so and links back);
 * then reason, notes and (partial) the new amount are edited; Apply is accepted only when the form is valid and hands
 * the adjustment to the provided `addToSelectionAndReturn` action (which adds it to the session's invoice selection and
 * goes back to click-to-pay).
 */
export const invoiceAdjustmentMachine = setup({
  types: {} as { context: InvoiceAdjustmentContext; events: InvoiceAdjustmentEvent; input: InvoiceAdjustmentInput },
  actors: { loadInvoice },
  guards: {
    canApply: ({ context }) => adjustmentOf(context) !== null,
    /** §5: no dispute or partial payment of a credit, nor of an invoice that is no longer payable. */
    isEditable: (_, invoice: Invoice) => notAdjustableReason(invoice) === null,
  },
  actions: {
    addToSelectionAndReturn: (_, _params: InvoiceAdjustment) => {},
  },
}).createMachine({
  id: 'invoiceAdjustment',
  context: ({ input }) => ({ input, invoice: null, reason: '', notes: '', amountText: '' }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ vendorId: context.input.vendorId, locationId: context.input.locationId, invoiceId: context.input.invoiceId }),
        onDone: [
          { guard: { type: 'isEditable', params: ({ event }) => event.output }, target: 'editing', actions: assign({ invoice: ({ event }) => event.output }) },
          { target: 'notAdjustable', actions: assign({ invoice: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    editing: {
      on: {
        'adjustment.reason': { actions: assign({ reason: ({ event }) => (isDisputeReason(event.reason) ? event.reason : '') }) },
        'adjustment.notes': { actions: assign({ notes: ({ event }) => event.notes }) },
        'adjustment.amount': { actions: assign({ amountText: ({ event }) => event.text }) },
        'adjustment.apply': { guard: 'canApply', target: 'applied', actions: { type: 'addToSelectionAndReturn', params: ({ context }) => adjustmentOf(context)! } },
      },
    },
    applied: { type: 'final' },
    // Loaded, but a credit or no longer payable: not a load failure — the page says why and links back to the pay page.
    notAdjustable: {},
    failed: {},
  },
});
