import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { paymentMethodDeleteMachine } from '../../../machines/payment-methods/payment-method-delete.machine';
import { selectDeleteView, type DeleteView } from '../../../machines/payment-methods/payment-method-delete.selectors';
import type { PaymentMethod } from '../../../machines/payment-methods/payment-methods.actors';
import type { PaymentMethodsRef } from '../../app/session';

export interface PaymentMethodDeleteApi extends DeleteView {
  confirm: () => void;
  cancel: () => void;
}

function sameView(a: DeleteView, b: DeleteView) {
  return a.step === b.step && a.scheduled === b.scheduled && a.isBusy === b.isBusy;
}

/** One delete of one method (the dialog mounts it per method); a success removes it from the session's list. */
export function usePaymentMethodDelete(vendorId: string, locationId: string, method: PaymentMethod, list: PaymentMethodsRef, logic = paymentMethodDeleteMachine): PaymentMethodDeleteApi {
  const provided = useMemo(
    () => logic.provide({ actions: { notifyDeleted: (_, paymentMethodId: string) => list.send({ type: 'paymentMethods.removed', paymentMethodId }) } }),
    [logic, list],
  );
  const actorRef = useActorRef(provided, { input: { vendorId, locationId, method } });
  const view = useSelector(actorRef, selectDeleteView, sameView);
  return {
    ...view,
    confirm: () => actorRef.send({ type: 'delete.confirm' }),
    cancel: () => actorRef.send({ type: 'delete.cancel' }),
  };
}
