import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { invoiceAdjustmentMachine, type AdjustmentKind } from '../../../machines/invoice-adjustment/invoice-adjustment.machine';
import { connectInvoiceAdjustment } from '../../../machines/invoice-adjustment/invoice-adjustment.connect';
import { useSession } from '../../app/session';
import { paths } from '../../../core/rules/paths';

/** The dispute / partial form of one invoice; Apply adds the adjustment to the session's selection and returns to click-to-pay. */
export function useInvoiceAdjustment({ vendorId, locationId, invoiceId, kind, base }: { vendorId: string; locationId: string; invoiceId: string; kind: AdjustmentKind; base: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const selectionRef = session.invoiceSelection(vendorId, locationId);
  const logic = useMemo(
    () =>
      invoiceAdjustmentMachine.provide({
        actions: {
          addToSelectionAndReturn: (_, adjustment) => {
            // A page opened directly (reload) has no loaded selection yet: the adjustment waits for the first load.
            if (selectionRef.getSnapshot().matches('idle')) selectionRef.send({ type: 'selection.loaded', payableIds: [adjustment.invoiceId], requestInvoiceIds: [] });
            selectionRef.send({ type: 'selection.adjust', adjustment });
            navigateRef.current(paths.click2pay(base));
          },
        },
      }),
    [selectionRef, base],
  );
  const actor = useActorRef(logic, { input: { vendorId, locationId, invoiceId, kind } });
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(() => connectInvoiceAdjustment(snapshot, actor.send), [snapshot, actor]);
}
