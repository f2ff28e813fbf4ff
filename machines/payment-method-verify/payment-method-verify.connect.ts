import type { SnapshotFrom } from 'xstate';
import type { PaymentMethodVerifyEvent, paymentMethodVerifyMachine } from './payment-method-verify.machine';
import { selectVerifyView } from './payment-method-verify.selectors';

/**
 * The micro-deposit dialog's view (zag's `connect(state, send)`): the step, the attempts left after a wrong answer,
 * and Verify / Cancel. Pure, no React. Verify sends the two amounts in cents; the chart refuses any outside 1–99.
 */
export function connectPaymentMethodVerify(
  snapshot: Pick<SnapshotFrom<typeof paymentMethodVerifyMachine>, 'value' | 'context'>,
  send: (event: PaymentMethodVerifyEvent) => void,
) {
  const view = selectVerifyView(snapshot);
  return {
    ...view,
    /** The amounts are with the server: the fields and Cancel wait for its answer. */
    isBusy: view.step === 'verifying',
    submit: (amountsCents: [number, number]) => send({ type: 'verify.submit', amountsCents }),
    cancel: () => send({ type: 'verify.cancel' }),
  };
}

export type PaymentMethodVerifyApi = ReturnType<typeof connectPaymentMethodVerify>;
