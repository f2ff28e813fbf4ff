import type { SnapshotFrom } from 'xstate';
import type { CreateRequest } from './payment-method-create.actors';
import type { PaymentMethodCreateEvent, paymentMethodCreateMachine } from './payment-method-create.machine';
import { selectCreateView } from './payment-method-create.selectors';

/**
 * Where a failure shows: in the fee modal (a card confirmed there), under the form of its kind, or above the tabs (an
 * existing token failed: there are no details to go with it).
 */
export type CreateFailurePlace = 'feeModal' | 'form' | 'page';

/**
 * The add-method page's view (zag's `connect(state, send)`): the chart's step, its failure and where it shows, the fee
 * modal, and the intents. Pure, no React. The fee modal's two buttons mean what the step makes them: Confirm sends the
 * card (or retries it after a failure), Cancel drops it (or dismisses the failure); while the card is sent they wait.
 */
export function connectPaymentMethodCreate(
  snapshot: Pick<SnapshotFrom<typeof paymentMethodCreateMachine>, 'value' | 'context'>,
  send: (event: PaymentMethodCreateEvent) => void,
) {
  const view = selectCreateView(snapshot);
  const failureShownIn: CreateFailurePlace | null = view.step !== 'failed' ? null : view.feeModalOpen ? 'feeModal' : view.kind === null ? 'page' : 'form';
  return {
    ...view,
    failureShownIn,
    /** the portal's submit (or Enter in the frame): kind, provider, nickname/TIN and the frame's port */
    submit: (request: CreateRequest) => send({ type: 'create.submit', request }),
    submitKey: (paymentMethodKey: string) => send({ type: 'create.submitKey', paymentMethodKey }),
    retry: () => send({ type: 'create.retry' }),
    dismiss: () => send({ type: 'create.dismiss' }),
    confirmFee: () => send(view.step === 'failed' ? { type: 'create.retry' } : { type: 'create.confirm' }),
    cancelFee: () => {
      if (view.step === 'confirming') send({ type: 'create.cancel' });
      else if (view.step === 'failed') send({ type: 'create.dismiss' });
    },
  };
}

export type PaymentMethodCreateApi = ReturnType<typeof connectPaymentMethodCreate>;
