import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { VerifyResult } from '../../../machines/payment-method-verify/payment-method-verify.actors';
import { connectPaymentMethodVerify, type PaymentMethodVerifyApi } from '../../../machines/payment-method-verify/payment-method-verify.connect';
import { paymentMethodVerifyMachine } from '../../../machines/payment-method-verify/payment-method-verify.machine';
import type { PaymentMethodsRef } from '../../app/session';

/**
 * Verification of one pending bank account, as `connectPaymentMethodVerify`; success updates the session's list (the
 * method becomes usable).
 */
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
  const snapshot = useSelector(actorRef, (s) => s);
  return useMemo(() => connectPaymentMethodVerify(snapshot, actorRef.send), [snapshot, actorRef]);
}
