import type { SnapshotFrom } from 'xstate';
import { shownServiceFeePercent, type CardFunding } from '../../core/rules/fees';
import { needsFeeConfirmation, type paymentMethodCreateMachine } from './payment-method-create.machine';

type Snapshot = Pick<SnapshotFrom<typeof paymentMethodCreateMachine>, 'value' | 'context'>;

export type CreateStep = 'idle' | 'checking' | 'confirming' | 'tokenizing' | 'attaching' | 'failed' | 'created';

export interface CreateView {
  step: CreateStep;
  isBusy: boolean;
  /** The failure code (null unless failed). */
  code: string | null;
  /** 'CC' or 'ACH' of the details being created (null before the first submit). */
  kind: 'CC' | 'ACH' | null;
  /** The fee modal is open: confirming, and while its confirmed card is sent or has failed. */
  feeModalOpen: boolean;
  /**
   * The percent charged with this card (for the modal: "A 3% service fee will be added …"): the provider's fee, capped
   * at 3 %, for a credit card or one whose funding is not known; null for a debit or prepaid card (the modal says no
   * fee is charged) or no fee.
   */
  feePercent: string | null;
  /** The card's funding by its BIN, once asked (null: not known — counted as credit). */
  funding: CardFunding | null;
  /** The card's brand as the frame answered (null: not known). */
  brand: string | null;
}

export function selectCreateView(snapshot: Snapshot): CreateView {
  const step = snapshot.value as CreateStep;
  const { request, serviceFees } = snapshot.context;
  const confirmedFee = request !== null && needsFeeConfirmation(request, serviceFees);
  return {
    step,
    isBusy: step === 'checking' || step === 'tokenizing' || step === 'attaching' || step === 'created',
    code: step === 'failed' ? snapshot.context.code : null,
    kind: request?.kind ?? null,
    feeModalOpen: step === 'confirming' || (confirmedFee && (step === 'tokenizing' || step === 'attaching' || step === 'failed')),
    feePercent: request?.kind === 'CC' ? shownServiceFeePercent({ provider: request.provider, serviceFee: serviceFees[request.provider] ?? null, cardFunding: snapshot.context.funding }) : null,
    funding: snapshot.context.funding,
    brand: snapshot.context.brand,
  };
}
