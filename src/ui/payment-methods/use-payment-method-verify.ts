import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { VerifyResult } from '../../../machines/payment-method-verify/payment-method-verify.actors';
import { paymentMethodVerifyMachine } from '../../../machines/payment-method-verify/payment-method-verify.machine';
import { selectVerifyView, type VerifyView } from '../../../machines/payment-method-verify/payment-method-verify.selectors';
import type { PaymentMethodsRef } from '../../app/session';

export interface PaymentMethodVerifyApi extends VerifyView {
  submit: (amountsCents: [number, number]) => void;
  cancel: () => void;
}

/** Verification of one pending bank account; success updates the session's list (the method becomes usable). */
export function usePaymentMethodVerify(vendorId: string, locationId: string, paymentMethodId: string, list: PaymentMethodsRef, logic = paymentMethodVerifyMachine): PaymentMethodVerifyApi {
  const provided = useMemo(
    () =>
      logic.provide({
        actions: {
          notifyVerified: (_, r: VerifyResult) => {
            if (r.result === 'verified' && r.paymentMethod) list.send({ type: 'paymentMethods.updated', paymentMethod: r.paymentMethod });
            else list.send({ type: 'paymentMethods.refresh' });
          },
        },
      }),
    [logic, list],
  );
  const actorRef = useActorRef(provided, { input: { vendorId, locationId, paymentMethodId } });
  const view = useSelector(actorRef, selectVerifyView, (a, b) => a.step === b.step && a.attemptsLeft === b.attemptsLeft);
  return {
    ...view,
    submit: (amountsCents) => actorRef.send({ type: 'verify.submit', amountsCents }),
    cancel: () => actorRef.send({ type: 'verify.cancel' }),
  };
}
