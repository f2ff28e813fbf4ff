import type { SnapshotFrom } from 'xstate';
import type { paymentSubmitMachine } from './payment-submit.machine';

type Snapshot = Pick<SnapshotFrom<typeof paymentSubmitMachine>, 'matches'>;

export const selectIsSubmitting = (s: Snapshot): boolean => s.matches('submitting') || s.matches('confirmed');
export const selectIsFailed = (s: Snapshot): boolean => s.matches('failed');
