import type { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import type { InvoiceSelectionContext, InvoiceSelectionEvent } from '../invoice-selection/invoice-selection.machine';
import type { PaymentSubmitEvent, paymentSubmitMachine } from '../payment-submit/payment-submit.machine';
import { selectIsFailed, selectIsSubmitting } from '../payment-submit/payment-submit.selectors';
import type { Invoice } from './click2pay.actors';
import type { ChosenMethod, Click2payEvent, click2payMachine } from './click2pay.machine';
import {
  selectInvoiceTable, selectMethod, selectPaymentDate, selectPaymentRequest, selectPaymentSummary, selectStatus, selectTerms, selectTermsAccepted,
  selectValidDates, selectVendorToday,
} from './click2pay.selectors';

/** What the click-to-pay page reads: the page machine, the session's invoice selection and the submit machine. */
export interface Click2payState {
  page: Pick<SnapshotFrom<typeof click2payMachine>, 'context' | 'matches'>;
  selection: InvoiceSelectionContext;
  submit: Pick<SnapshotFrom<typeof paymentSubmitMachine>, 'matches'>;
}

/** Where the page's intents go: one `send` per actor. Keep the object stable (the intents are made once per object). */
export interface Click2paySend {
  page(event: Click2payEvent): void;
  selection(event: InvoiceSelectionEvent): void;
  submit(event: PaymentSubmitEvent): void;
}

export interface Click2payOptions {
  /** The clock: read when Pay is pressed (it decides whether the chosen day is still open). */
  now: () => Temporal.Instant;
}

/** Intents that need only the actors, not the state. */
function sendOnlyIntents(send: Click2paySend) {
  return {
    chooseMethod: (method: ChosenMethod) => send.page({ type: 'form.method', method }),
    chooseDate: (date: string) => send.page({ type: 'form.date', date }),
    setTerms: (accepted: boolean) => send.page({ type: 'form.terms', accepted }),
    retry: () => send.page({ type: 'page.retry' }),
    toggle: (invoiceId: string) => send.selection({ type: 'selection.toggle', invoiceId }),
    showAll: () => send.selection({ type: 'selection.showAll' }),
    undo: (invoiceId: string) => send.selection({ type: 'selection.undo', invoiceId }),
    retryPayment: () => send.submit({ type: 'payment.retry' }),
    dismiss: () => send.submit({ type: 'payment.dismiss' }),
  };
}

/*
 * The intents are functions of `send` (and toggle-all of the rows shown), so the same arguments give the same
 * functions back: the table's memoised rows and the memoised pickers keep their callbacks while the page re-renders.
 */
const intentsBySend = new WeakMap<Click2paySend, ReturnType<typeof sendOnlyIntents>>();
const toggleAllBySend = new WeakMap<Click2paySend, { rows: Invoice[]; toggleAll: () => void }>();

function intentsOf(send: Click2paySend) {
  let intents = intentsBySend.get(send);
  if (!intents) intentsBySend.set(send, (intents = sendOnlyIntents(send)));
  return intents;
}

function toggleAllOf(send: Click2paySend, rows: Invoice[]) {
  const known = toggleAllBySend.get(send);
  if (known && known.rows === rows) return known.toggleAll;
  const toggleAll = () => send.selection({ type: 'selection.toggleAll', invoiceIds: rows.map((r) => r.id) });
  toggleAllBySend.set(send, { rows, toggleAll });
  return toggleAll;
}

/**
 * The click-to-pay page's view (zag's `connect(state, send)`): what the page shows, derived by the selectors, and
 * what it can do, as intents that send events. Pure, no React: the hook reads the snapshots and hands them here.
 * Pay builds the payment request from the state (`selectPaymentRequest`) at the moment it is pressed, and sends
 * nothing while the form is not valid.
 */
export function connectClick2pay(state: Click2payState, send: Click2paySend, { now }: Click2payOptions) {
  const { page, selection, submit } = state;
  const table = selectInvoiceTable(page, selection);
  return {
    status: selectStatus(page),
    table,
    summary: selectPaymentSummary(page, selection),
    method: selectMethod(page),
    paymentDate: selectPaymentDate(page),
    validDates: selectValidDates(page),
    today: selectVendorToday(page),
    terms: selectTerms(page),
    termsAccepted: selectTermsAccepted(page),
    isSubmitting: selectIsSubmitting(submit),
    isFailed: selectIsFailed(submit),
    selected: selection.selected,
    adjustments: selection.adjustments,
    ...intentsOf(send),
    toggleAll: toggleAllOf(send, table.rows),
    pay: () => {
      const request = selectPaymentRequest(page, selection, now());
      if (request) send.submit({ type: 'payment.submit', request });
    },
  };
}

export type Click2payApi = ReturnType<typeof connectClick2pay>;
