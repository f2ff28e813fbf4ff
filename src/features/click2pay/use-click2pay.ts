import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { click2payMachine, type ChosenMethod, type Click2payInput } from '../../../machines/click2pay/click2pay.machine';
import {
  invoiceRows, selectMethod, selectPaymentDate, selectPaymentSummary, selectStatus, selectTerms, selectTermsAccepted, selectValidDates, selectVendorToday,
} from '../../../machines/click2pay/click2pay.selectors';
import type { InvoiceAdjustment } from '../../../machines/invoice-selection/invoice-selection.machine';
import { paymentSubmitMachine } from '../../../machines/payment-submit/payment-submit.machine';
import type { PaymentGroupRequest } from '../../../machines/payment-submit/payment-submit.actors';
import { selectIsFailed, selectIsSubmitting } from '../../../machines/payment-submit/payment-submit.selectors';
import { formatDollarInput } from '../../../core/rules/dollars';
import { selectAllState } from '../../../core/rules/invoices';
import { parsePaymentDate, submittedPaymentDate } from '../../../core/rules/payment-dates';
import { useAppServices } from '../../app/app-services';
import { useSession } from '../../app/session';
import type { DisputedPageState } from './disputed-page';

export interface UseClick2payOptions {
  vendorId: string;
  locationId: string;
  vendor: Click2payInput['vendor'];
  /** Location base path (navigation after success). */
  base: string;
  /** Injected clock and key maker (tests). */
  now?: () => Temporal.Instant;
  createKey?: () => string;
}

/** The click-to-pay page: page machine (loads + form), the session's invoice selection, and the submit machine. */
export function useClick2pay({ vendorId, locationId, vendor, base, now = () => Temporal.Now.instant(), createKey }: UseClick2payOptions) {
  const session = useSession();
  const { persisted } = useAppServices();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const selectionRef = session.invoiceSelection(vendorId, locationId);

  const pageLogic = useMemo(
    () =>
      click2payMachine.provide({
        actions: {
          syncSelection: (_, data) =>
            selectionRef.send({ type: 'selection.loaded', payableIds: data.invoices.filter((i) => i.payable && !i.deletedAt).map((i) => i.id), requestInvoiceIds: data.requestInvoiceIds }),
        },
      }),
    [selectionRef],
  );
  const page = useActorRef(pageLogic, { input: { vendorId, locationId, vendor, now: now() } });

  const submitLogic = useMemo(
    () =>
      paymentSubmitMachine.provide({
        actions: {
          confirmed: (_, { result, request }) => {
            selectionRef.send({ type: 'selection.clear' });
            persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: request.paymentMethodId });
            // The thank-you page mentions scheduled partial payments only when one was made (newAmount above 0, §2).
            if (result.allDisputed) navigateRef.current(`${base}/click2pay/disputed`, { state: { partialPayment: request.partialPayments.some((p) => p.newAmount > 0) } satisfies DisputedPageState });
            else if (result.paymentGroupId) navigateRef.current(`${base}/click2pay/${result.paymentGroupId}/confirmation`);
            else navigateRef.current(base);
          },
        },
      }),
    [selectionRef, persisted, base],
  );
  const submit = useActorRef(submitLogic, { input: { vendorId, locationId, createKey } });

  const selection = useSelector(selectionRef, (s) => s.context);
  const status = useSelector(page, selectStatus);
  // The rows change only with the loaded invoices or "show all"; the select-all state with the selection: each is
  // computed once per change (O(n)), never per row or per unrelated render.
  const invoices = useSelector(page, (s) => s.context.invoices);
  const shown = useMemo(() => invoiceRows(invoices, selection.showAll), [invoices, selection.showAll]);
  const selectAll = useMemo(() => selectAllState(selection.selected, shown.rows.map((r) => r.id)), [selection.selected, shown]);
  const table = useMemo(() => ({ ...shown, selectAll }), [shown, selectAll]);
  const rowsRef = useRef(shown.rows);
  rowsRef.current = shown.rows;
  // Stable callbacks: the table's memoised rows do not re-render because the page did.
  const toggle = useCallback((invoiceId: string) => selectionRef.send({ type: 'selection.toggle', invoiceId }), [selectionRef]);
  const toggleAll = useCallback(() => selectionRef.send({ type: 'selection.toggleAll', invoiceIds: rowsRef.current.map((r) => r.id) }), [selectionRef]);
  const summary = useSelector(page, (s) => selectPaymentSummary(s, selection));
  const method = useSelector(page, selectMethod);
  const paymentDate = useSelector(page, selectPaymentDate);
  const validDates = useSelector(page, selectValidDates);
  const today = useSelector(page, selectVendorToday);
  const terms = useSelector(page, selectTerms);
  const termsAccepted = useSelector(page, selectTermsAccepted);
  const isSubmitting = useSelector(submit, selectIsSubmitting);
  const isFailed = useSelector(submit, selectIsFailed);

  function request(): PaymentGroupRequest | null {
    const date = paymentDate ? parsePaymentDate(paymentDate) : null;
    if (!summary.valid || !method || !date || !terms) return null;
    return {
      paymentMethodId: method.id,
      paymentDate: submittedPaymentDate(date, { now: now(), timeZone: vendor.eodCutoff.timezone }).toString(),
      partialPayments: summary.adjustments.map((a: InvoiceAdjustment) => ({
        invoiceId: a.invoiceId, amount: formatDollarInput(a.amountCents), newAmount: a.newAmountCents / 100, reason: a.reason, ...(a.notes ? { notes: a.notes } : {}),
      })),
      invoices: summary.selectedInvoices.map((i) => i.id),
      epaVersion: terms.version,
      // Pay in a template message (issue 10): the payment's source is Message.
      ...(selection.messageId ? { messageId: selection.messageId } : {}),
    };
  }

  return {
    status, table, summary, method, paymentDate, validDates, today, terms, termsAccepted, isSubmitting, isFailed,
    selected: selection.selected,
    adjustments: selection.adjustments,
    chooseMethod: (m: ChosenMethod) => page.send({ type: 'form.method', method: m }),
    chooseDate: (date: string) => page.send({ type: 'form.date', date }),
    setTerms: (accepted: boolean) => page.send({ type: 'form.terms', accepted }),
    retry: () => page.send({ type: 'page.retry' }),
    toggle,
    toggleAll,
    showAll: () => selectionRef.send({ type: 'selection.showAll' }),
    undo: (invoiceId: string) => selectionRef.send({ type: 'selection.undo', invoiceId }),
    pay: () => {
      const body = request();
      if (body) submit.send({ type: 'payment.submit', request: body });
    },
    retryPayment: () => submit.send({ type: 'payment.retry' }),
    dismiss: () => submit.send({ type: 'payment.dismiss' }),
  };
}

export type Click2payView = ReturnType<typeof useClick2pay>;
