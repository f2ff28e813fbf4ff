import type { SnapshotFrom } from 'xstate';
import type { paymentMethodVerifyMachine } from './payment-method-verify.machine';

type Snapshot = Pick<SnapshotFrom<typeof paymentMethodVerifyMachine>, 'value' | 'context'>;

export type VerifyStep = 'editing' | 'verifying' | 'wrong' | 'locked' | 'failed' | 'verified' | 'canceled';

export interface VerifyView {
  step: VerifyStep;
  attemptsLeft: number | null;
}

export function selectVerifyView(snapshot: Snapshot): VerifyView {
  return { step: snapshot.value as VerifyStep, attemptsLeft: snapshot.context.attemptsLeft };
}
