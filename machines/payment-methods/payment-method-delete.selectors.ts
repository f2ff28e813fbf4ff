import type { SnapshotFrom } from 'xstate';
import type { paymentMethodDeleteMachine } from './payment-method-delete.machine';
import type { PaymentsByMethod } from './payment-methods.actors';

type PaymentByMethod = PaymentsByMethod['payments'][number];

type Snapshot = Pick<SnapshotFrom<typeof paymentMethodDeleteMachine>, 'value' | 'context'>;

export type DeleteStep = 'checkingUsage' | 'confirming' | 'deleting' | 'refused' | 'failed' | 'deleted' | 'canceled';

export interface DeleteView {
  step: DeleteStep;
  /** Scheduled payments using the method; null when the usage check failed (no list shown). */
  scheduled: PaymentByMethod[] | null;
  isBusy: boolean;
}

export function selectDeleteView(snapshot: Snapshot): DeleteView {
  const step = snapshot.value as DeleteStep;
  return {
    step,
    scheduled: snapshot.context.usage ? snapshot.context.usage.payments : null,
    isBusy: step === 'checkingUsage' || step === 'deleting',
  };
}
