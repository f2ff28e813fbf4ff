import { assign, setup } from 'xstate';
import type { DisputeReason } from '../../src/domain/invoices';

/** A dispute (`newAmountCents` 0) or partial payment (`newAmountCents` > 0) of one invoice (spec §3). */
export interface InvoiceAdjustment {
  invoiceId: string;
  /** The invoice's open amount when it was adjusted, in cents. */
  amountCents: number;
  newAmountCents: number;
  reason: DisputeReason;
  notes: string;
}

export interface InvoiceSelectionContext {
  selectedIds: string[];
  adjustments: InvoiceAdjustment[];
  /** "Show all invoices": on when the request has no invoice ids, or after "View More Invoices". */
  showAll: boolean;
}

export type InvoiceSelectionEvent =
  | { type: 'selection.loaded'; payableIds: string[]; requestInvoiceIds: string[] }
  | { type: 'selection.toggle'; invoiceId: string }
  | { type: 'selection.toggleAll'; invoiceIds: string[] }
  | { type: 'selection.showAll' }
  | { type: 'selection.adjust'; adjustment: InvoiceAdjustment }
  | { type: 'selection.undo'; invoiceId: string }
  | { type: 'selection.clear' };

const keepAdjusted = (adjustments: InvoiceAdjustment[], selected: string[]) => adjustments.filter((a) => selected.includes(a.invoiceId));

/**
 * The invoices chosen on the click-to-pay page of one location, with their disputes and partial payments (spec §4
 * Invoice selection). It lives in the session (not the page) so the selection survives the trip to the dispute and
 * partial-payment pages and back.
 *
 * - After a load the selection keeps only invoices still payable; when nothing is chosen, the request's invoice ids
 *   (those payable) are used. "Show all" is on when the request has no invoice ids.
 * - Disputing (or part-paying) an invoice adds it to the selection; undoing removes it; changing the selection drops
 *   the adjustments of unselected invoices.
 * - A successful payment clears it.
 */
export const invoiceSelectionMachine = setup({
  types: {} as { context: InvoiceSelectionContext; events: InvoiceSelectionEvent },
  actions: {
    applyLoad: assign(({ context, event }) => {
      if (event.type !== 'selection.loaded') return {};
      const payable = new Set(event.payableIds);
      let selectedIds = context.selectedIds.filter((id) => payable.has(id));
      if (selectedIds.length === 0) selectedIds = event.requestInvoiceIds.filter((id) => payable.has(id));
      return {
        selectedIds,
        adjustments: keepAdjusted(context.adjustments, selectedIds),
        showAll: context.showAll || event.requestInvoiceIds.length === 0,
      };
    }),
  },
}).createMachine({
  id: 'invoiceSelection',
  context: { selectedIds: [], adjustments: [], showAll: false },
  initial: 'idle',
  states: {
    // Nothing is known before the first invoice load: selection events wait for it.
    idle: { on: { 'selection.loaded': { target: 'ready', actions: 'applyLoad' } } },
    ready: {
      on: {
        'selection.loaded': { actions: 'applyLoad' },
        'selection.toggle': {
          actions: assign(({ context, event }) => {
            const selectedIds = context.selectedIds.includes(event.invoiceId)
              ? context.selectedIds.filter((id) => id !== event.invoiceId)
              : [...context.selectedIds, event.invoiceId];
            return { selectedIds, adjustments: keepAdjusted(context.adjustments, selectedIds) };
          }),
        },
        'selection.toggleAll': {
          actions: assign(({ context, event }) => {
            const all = event.invoiceIds.length > 0 && event.invoiceIds.every((id) => context.selectedIds.includes(id));
            const selectedIds = all
              ? context.selectedIds.filter((id) => !event.invoiceIds.includes(id))
              : [...context.selectedIds, ...event.invoiceIds.filter((id) => !context.selectedIds.includes(id))];
            return { selectedIds, adjustments: keepAdjusted(context.adjustments, selectedIds) };
          }),
        },
        'selection.showAll': { actions: assign({ showAll: true }) },
        'selection.adjust': {
          actions: assign(({ context, event }) => ({
            selectedIds: context.selectedIds.includes(event.adjustment.invoiceId) ? context.selectedIds : [...context.selectedIds, event.adjustment.invoiceId],
            adjustments: [...context.adjustments.filter((a) => a.invoiceId !== event.adjustment.invoiceId), event.adjustment],
          })),
        },
        'selection.undo': {
          actions: assign(({ context, event }) => ({
            selectedIds: context.selectedIds.filter((id) => id !== event.invoiceId),
            adjustments: context.adjustments.filter((a) => a.invoiceId !== event.invoiceId),
          })),
        },
        'selection.clear': { actions: assign({ selectedIds: [], adjustments: [] }) },
      },
    },
  },
});
