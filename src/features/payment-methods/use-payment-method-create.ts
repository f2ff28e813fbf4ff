import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { PaymentMethod } from '../../../machines/payment-method-create/payment-method-create.actors';
import { connectPaymentMethodCreate, type PaymentMethodCreateApi } from '../../../machines/payment-method-create/payment-method-create.connect';
import { paymentMethodCreateMachine, type PaymentMethodCreateInput } from '../../../machines/payment-method-create/payment-method-create.machine';
import type { PaymentMethodsRef } from '../../app/session';

/**
 * The creation machine of the add-method page, as `connectPaymentMethodCreate`. Success adds the method to the
 * session's list as the selected one (spec §4), then calls `onCreated` (the page navigates back).
 */
export function usePaymentMethodCreate(input: PaymentMethodCreateInput, list: PaymentMethodsRef, onCreated: (method: PaymentMethod) => void, logic = paymentMethodCreateMachine): PaymentMethodCreateApi {
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const provided = useMemo(
    () =>
      logic.provide({
        actions: {
          notifyCreated: (_, paymentMethod: PaymentMethod) => {
            list.send({ type: 'paymentMethods.added', paymentMethod });
            onCreatedRef.current(paymentMethod);
          },
        },
      }),
    [logic, list],
  );
  const actorRef = useActorRef(provided, { input });
  const snapshot = useSelector(actorRef, (s) => s);
  return useMemo(() => connectPaymentMethodCreate(snapshot, actorRef.send), [snapshot, actorRef]);
}
