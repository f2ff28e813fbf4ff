import type { SnapshotFrom } from 'xstate';
import { needsFeeConfirmation, type paymentMethodCreateMachine } from './payment-method-create.machine';

type Snapshot = Pick<SnapshotFrom<typeof paymentMethodCreateMachine>, 'value' | 'context'>;

export type CreateStep = 'idle' | 'confirming' | 'tokenizing' | 'attaching' | 'failed' | 'created';

export interface CreateView {
  step: CreateStep;
  isBusy: boolean;
  /** The failure code (null unless failed). */
  code: string | null;
  /** 'CC' or 'ACH' of the details being created (null before the first submit). */
  kind: 'CC' | 'ACH' | null;
  /** The fee modal is open: confirming, and while its confirmed card is sent or has failed. */
  feeModalOpen: boolean;
  /** The fee percent of the card's provider (for the modal). */
  feePercent: string | null;
}

export function selectCreateView(snapshot: Snapshot): CreateView {
  const step = snapshot.value as CreateStep;
  const { request, serviceFees } = snapshot.context;
  const confirmedFee = request !== null && needsFeeConfirmation(request, serviceFees);
  return {
    step,
    isBusy: step === 'tokenizing' || step === 'attaching' || step === 'created',
    code: step === 'failed' ? snapshot.context.code : null,
    kind: request?.type ?? null,
    feeModalOpen: step === 'confirming' || (confirmedFee && (step === 'tokenizing' || step === 'attaching' || step === 'failed')),
    feePercent: request ? (serviceFees[request.provider] ?? null) : null,
  };
}
