import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { PaymentMethod, TokenizeRequest } from '../../../machines/payment-method-create/payment-method-create.actors';
import { paymentMethodCreateMachine, type PaymentMethodCreateInput } from '../../../machines/payment-method-create/payment-method-create.machine';
import { selectCreateView, type CreateView } from '../../../machines/payment-method-create/payment-method-create.selectors';
import type { PaymentMethodsRef } from '../../app/session';

export interface PaymentMethodCreateApi extends CreateView {
  submit: (request: TokenizeRequest) => void;
  submitKey: (paymentMethodKey: string) => void;
  confirm: () => void;
  cancel: () => void;
  retry: () => void;
  dismiss: () => void;
}

function sameView(a: CreateView, b: CreateView) {
  return (Object.keys(a) as (keyof CreateView)[]).every((k) => a[k] === b[k]);
}

/**
 * The creation machine of the add-method page. Success adds the method to the session's list as
 * the selected one (spec §4), then calls `onCreated` (the page navigates back).
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
  const view = useSelector(actorRef, selectCreateView, sameView);
  return {
    ...view,
    submit: (request) => actorRef.send({ type: 'create.submit', request }),
    submitKey: (paymentMethodKey) => actorRef.send({ type: 'create.submitKey', paymentMethodKey }),
    confirm: () => actorRef.send({ type: 'create.confirm' }),
    cancel: () => actorRef.send({ type: 'create.cancel' }),
    retry: () => actorRef.send({ type: 'create.retry' }),
    dismiss: () => actorRef.send({ type: 'create.dismiss' }),
  };
}
