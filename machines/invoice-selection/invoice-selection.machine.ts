import { assign, setup } from 'xstate';
import type { DisputeReason } from '../../core/rules/invoices';

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
  /**
   * The chosen invoice ids, as a set: membership is O(1), so the table asks `selected.has(id)` per row and select-all
   * and the totals are one pass over the rows (O(n), not O(n²) as with an array's `includes`). Never mutated: every
   * change assigns a new set, so a view comparing by identity sees the change. Insertion order is kept.
   */
  selected: ReadonlySet<string>;
  adjustments: InvoiceAdjustment[];
  /** "Show all invoices": on when the request has no invoice ids, or after "View More Invoices". */
  showAll: boolean;
  /**
   * The template message whose Pay started this selection (portal-recurring.md §2.8, §4: "Clicking Pay in a message
   * sets a confirmed flag"), sent with the payment (source Message); null otherwise. Cleared with the selection.
   */
  messageId: string | null;
}

export type InvoiceSelectionEvent =
  | { type: 'selection.loaded'; payableIds: string[]; requestInvoiceIds: string[] }
  | { type: 'selection.toggle'; invoiceId: string }
  | { type: 'selection.toggleAll'; invoiceIds: string[] }
  | { type: 'selection.showAll' }
  | { type: 'selection.adjust'; adjustment: InvoiceAdjustment }
  | { type: 'selection.undo'; invoiceId: string }
  | { type: 'selection.clear' }
  | { type: 'selection.message'; messageId: string; invoiceIds: string[] };

const keepAdjusted = (adjustments: InvoiceAdjustment[], selected: ReadonlySet<string>) => adjustments.filter((a) => selected.has(a.invoiceId));
const without = (selected: ReadonlySet<string>, id: string) => {
  const next = new Set(selected);
  next.delete(id);
  return next;
};

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
      let selected = new Set([...context.selected].filter((id) => payable.has(id)));
      if (selected.size === 0) selected = new Set(event.requestInvoiceIds.filter((id) => payable.has(id)));
      return {
        selected,
        adjustments: keepAdjusted(context.adjustments, selected),
        showAll: context.showAll || event.requestInvoiceIds.length === 0,
      };
    }),
  },
}).createMachine({
  id: 'invoiceSelection',
  context: { selected: new Set<string>(), adjustments: [], showAll: false, messageId: null },
  initial: 'idle',
  on: {
    // Pay in a template message, before or after the first load: its invoices become the selection (the
    // next load keeps the payable ones) and every invoice is shown, so none of them hides behind "View More Invoices".
    'selection.message': {
      actions: assign(({ event }) => ({ selected: new Set(event.invoiceIds), adjustments: [], showAll: true, messageId: event.messageId })),
    },
  },
  states: {
    // Nothing is known before the first invoice load: selection events wait for it.
    idle: { on: { 'selection.loaded': { target: 'ready', actions: 'applyLoad' } } },
    ready: {
      on: {
        'selection.loaded': { actions: 'applyLoad' },
        'selection.toggle': {
          actions: assign(({ context, event }) => {
            const selected = context.selected.has(event.invoiceId) ? without(context.selected, event.invoiceId) : new Set(context.selected).add(event.invoiceId);
            return { selected, adjustments: keepAdjusted(context.adjustments, selected) };
          }),
        },
        // One pass over the rows: all chosen → remove them, else add the missing ones.
        'selection.toggleAll': {
          actions: assign(({ context, event }) => {
            const all = event.invoiceIds.length > 0 && event.invoiceIds.every((id) => context.selected.has(id));
            const selected = new Set(context.selected);
            for (const id of event.invoiceIds) {
              if (all) selected.delete(id);
              else selected.add(id);
            }
            return { selected, adjustments: keepAdjusted(context.adjustments, selected) };
          }),
        },
        'selection.showAll': { actions: assign({ showAll: true }) },
        'selection.adjust': {
          actions: assign(({ context, event }) => ({
            selected: context.selected.has(event.adjustment.invoiceId) ? context.selected : new Set(context.selected).add(event.adjustment.invoiceId),
            adjustments: [...context.adjustments.filter((a) => a.invoiceId !== event.adjustment.invoiceId), event.adjustment],
          })),
        },
        'selection.undo': {
          actions: assign(({ context, event }) => ({
            selected: context.selected.has(event.invoiceId) ? without(context.selected, event.invoiceId) : context.selected,
            adjustments: context.adjustments.filter((a) => a.invoiceId !== event.invoiceId),
          })),
        },
        'selection.clear': { actions: assign({ selected: () => new Set<string>(), adjustments: [], messageId: null }) },
      },
    },
  },
});
