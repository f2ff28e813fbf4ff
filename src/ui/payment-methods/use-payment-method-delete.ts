import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { paymentMethodDeleteMachine } from '../../../machines/payment-methods/payment-method-delete.machine';
import type { PaymentMethod } from '../../../machines/payment-methods/payment-methods.actors';
import { connectPaymentMethodDelete, type PaymentMethodDeleteApi } from '../../../machines/payment-methods/payment-methods.connect';
import type { PaymentMethodsRef } from '../../app/session';

/**
 * One delete of one method (the dialog mounts it per method), as `connectPaymentMethodDelete`; a success removes it
 * from the session's list.
 */
export function usePaymentMethodDelete(vendorId: string, locationId: string, method: PaymentMethod, list: PaymentMethodsRef, logic = paymentMethodDeleteMachine): PaymentMethodDeleteApi {
  const provided = useMemo(
    () => logic.provide({ actions: { notifyDeleted: (_, paymentMethodId: string) => list.send({ type: 'paymentMethods.removed', paymentMethodId }) } }),
    [logic, list],
  );
  const actorRef = useActorRef(provided, { input: { vendorId, locationId, method } });
  const snapshot = useSelector(actorRef, (s) => s);
  return useMemo(() => connectPaymentMethodDelete(snapshot, actorRef.send), [snapshot, actorRef]);
}
