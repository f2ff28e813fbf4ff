import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { connectClick2pay, type Click2paySend } from '../../../machines/click2pay/click2pay.connect';
import { click2payMachine, type Click2payInput } from '../../../machines/click2pay/click2pay.machine';
import { paymentSubmitMachine } from '../../../machines/payment-submit/payment-submit.machine';
import { useAppServices } from '../../app/app-services';
import { useSession } from '../../app/session';
import type { DisputedPageState } from './disputed-page';
import { paths } from '../../../core/rules/paths';

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

/**
 * The click-to-pay page: page machine (loads + form), the session's invoice selection, and the submit machine, bound
 * to React; what the page shows and does is `connectClick2pay`. The hook provides what needs the app: handing the
 * loaded invoices to the session's selection, and after a payment clearing it, remembering the method and navigating.
 */
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
          goToConfirmation: (_, { result, request }) => {
            selectionRef.send({ type: 'selection.clear' });
            persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: request.paymentMethodId });
            // The thank-you page mentions scheduled partial payments only when one was made (newAmount above 0, §2).
            if (result.allDisputed) navigateRef.current(paths.disputed(base), { state: { partialPayment: request.partialPayments.some((p) => p.newAmount > 0) } satisfies DisputedPageState });
            else if (result.paymentGroupId) navigateRef.current(paths.paymentConfirmation(base, result.paymentGroupId));
            else navigateRef.current(base);
          },
        },
      }),
    [selectionRef, persisted, base],
  );
  const submit = useActorRef(submitLogic, { input: { vendorId, locationId, createKey } });

  const send = useMemo<Click2paySend>(() => ({ page: page.send, selection: selectionRef.send, submit: submit.send }), [page, selectionRef, submit]);
  const pageSnapshot = useSelector(page, (s) => s);
  const selection = useSelector(selectionRef, (s) => s.context);
  const submitSnapshot = useSelector(submit, (s) => s);
  const nowRef = useRef(now);
  nowRef.current = now;
  return useMemo(
    () => connectClick2pay({ page: pageSnapshot, selection, submit: submitSnapshot }, send, { now: () => nowRef.current() }),
    [pageSnapshot, selection, submitSnapshot, send],
  );
}

export type Click2payView = ReturnType<typeof useClick2pay>;
