import { assign, setup } from 'xstate';
import {
  amountDiffers, buildRemitRows, changeAmount, cleanComment, REMIT_FORM_COMMENT_MAX, REMIT_ROW_COMMENT_MAX, selectRow, sortRemitRows, stripAmountInput,
  toggleAllRows, unselectRow, type RemitInvoice, type RemitRow,
} from '../../core/rules/remit';
import { loadRemitInvoices, type RemitLocation } from './remit.actors';

export interface RemitFormContext {
  input: RemitLocation;
  rows: RemitRow[];
  /** The form-level Comments box (§5: 1,000 characters, no line breaks). */
  comments: string;
  error: unknown;
}

export type RemitFormEvent =
  | { type: 'remit.toggle'; rowId: string }
  | { type: 'remit.toggleAll' }
  /** The amount field got focus: its row becomes selected (§2.7). */
  | { type: 'remit.focusAmount'; rowId: string }
  | { type: 'remit.amount'; rowId: string; text: string }
  | { type: 'remit.comment'; rowId: string; text: string }
  | { type: 'remit.description'; rowId: string; text: string }
  | { type: 'remit.comments'; text: string }
  | { type: 'remit.retry' };

const mapRow = (rows: RemitRow[], rowId: string, change: (row: RemitRow) => RemitRow) => rows.map((r) => (r.rowId === rowId ? change(r) : r));

/**
 * Remit rows and select-all (portal-recurring.md §2.7, §4 "Remit rows", §5): loading (the open invoices) → loaded |
 * failed (retry). The rows are regenerated from every new invoice list (§4): invoice rows first, or the 5 numbered
 * blank rows when there are none. In `loaded`: a row's checkbox selects it (amount = open amount, comment cleared)
 * or unselects it (amount and comment cleared); select-all selects all when nothing is selected, else clears all;
 * focusing an amount selects its row; amounts are stripped to digits, dot and minus; an amount back at the open
 * amount clears the comment. The rules are the pure functions of `core/rules/remit.ts`.
 */
export const remitFormMachine = setup({
  types: {} as { context: RemitFormContext; events: RemitFormEvent; input: RemitLocation },
  actors: { loadRemitInvoices },
  guards: {
    isInvoiceRow: ({ context, event }) => 'rowId' in event && context.rows.some((r) => r.rowId === event.rowId && r.invoice !== null),
    isUnselectedInvoiceRow: ({ context, event }) => 'rowId' in event && context.rows.some((r) => r.rowId === event.rowId && r.invoice !== null && !r.selected),
    isSelectedInvoiceRow: ({ context, event }) => 'rowId' in event && context.rows.some((r) => r.rowId === event.rowId && r.invoice !== null && r.selected),
    /** §5: a comment is allowed only when the amount differs from the open amount. */
    canComment: ({ context, event }) => 'rowId' in event && context.rows.some((r) => r.rowId === event.rowId && amountDiffers(r)),
    isBlankRow: ({ context, event }) => 'rowId' in event && context.rows.some((r) => r.rowId === event.rowId && r.invoice === null),
    hasInvoiceRows: ({ context }) => context.rows.some((r) => r.invoice !== null),
  },
  actions: {
    storeRows: assign((_, invoices: RemitInvoice[]) => ({ rows: sortRemitRows(buildRemitRows(invoices)), error: undefined })),
    storeError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'remitForm',
  context: ({ input }) => ({ input, rows: [], comments: '', error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRemitInvoices',
        src: 'loadRemitInvoices',
        input: ({ context }) => context.input,
        onDone: { target: 'loaded', actions: { type: 'storeRows', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    loaded: {
      on: {
        'remit.toggle': [
          { guard: 'isUnselectedInvoiceRow', actions: assign({ rows: ({ context, event }) => mapRow(context.rows, event.rowId, selectRow) }) },
          { guard: 'isSelectedInvoiceRow', actions: assign({ rows: ({ context, event }) => mapRow(context.rows, event.rowId, unselectRow) }) },
        ],
        'remit.toggleAll': { guard: 'hasInvoiceRows', actions: assign({ rows: ({ context }) => toggleAllRows(context.rows) }) },
        // Focus selects an unselected row (and so shows its open amount); a selected row keeps what was typed.
        'remit.focusAmount': { guard: 'isUnselectedInvoiceRow', actions: assign({ rows: ({ context, event }) => mapRow(context.rows, event.rowId, selectRow) }) },
        'remit.amount': [
          {
            guard: 'isInvoiceRow',
            actions: assign({ rows: ({ context, event }) => mapRow(context.rows, event.rowId, (r) => changeAmount(r.selected ? r : selectRow(r), event.text)) }),
          },
          { guard: 'isBlankRow', actions: assign({ rows: ({ context, event }) => mapRow(context.rows, event.rowId, (r) => ({ ...r, paymentAmount: stripAmountInput(event.text) })) }) },
        ],
        'remit.comment': {
          guard: 'canComment',
          actions: assign({ rows: ({ context, event }) => mapRow(context.rows, event.rowId, (r) => ({ ...r, comment: cleanComment(event.text, REMIT_ROW_COMMENT_MAX) })) }),
        },
        'remit.description': {
          guard: 'isBlankRow',
          actions: assign({ rows: ({ context, event }) => mapRow(context.rows, event.rowId, (r) => ({ ...r, description: cleanComment(event.text, REMIT_ROW_COMMENT_MAX) })) }),
        },
        'remit.comments': { actions: assign({ comments: ({ event }) => cleanComment(event.text, REMIT_FORM_COMMENT_MAX) }) },
      },
    },
    failed: { on: { 'remit.retry': 'loading' } },
  },
});
