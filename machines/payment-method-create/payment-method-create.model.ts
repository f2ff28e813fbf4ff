import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import { modelCard, modelLocationId, modelVendorId } from '../payment-methods/payment-methods.model';
import type { HostedFieldsPort } from '../../core/api/hosted-fields-protocol';
import type { CreateRequest } from './payment-method-create.actors';
import type { PaymentMethodCreateInput, paymentMethodCreateMachine } from './payment-method-create.machine';

export const modelCreateInput: PaymentMethodCreateInput = {
  vendorId: modelVendorId,
  locationId: modelLocationId,
  serviceFees: { 'plastiq-cc': '2.9', 'priority-ach': null },
};

/**
 * The frame's port in the model: it never answers by itself (the walk and the tests answer for it with the actors'
 * done/error events, or provide their own port). The numbers are in the frame, never here.
 */
export const modelPort: HostedFieldsPort = {
  check: () => new Promise(() => {}),
  tokenize: () => new Promise(() => {}),
  resume: () => new Promise(() => {}),
};

export const modelCardRequest: CreateRequest = { kind: 'CC', provider: 'plastiq-cc', extra: { name: 'Ops Visa' }, port: modelPort };
export const modelBankRequest: CreateRequest = { kind: 'ACH', provider: 'priority-ach', extra: { name: 'Payroll Checking' }, port: modelPort };

export const modelCreatedCard = { ...modelCard, id: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f', displayExtra: { ...modelCard.displayExtra, name: 'Ops Visa', lastFour: '4242' } };

/** A refusal as the tokenize actor throws it (shape of PaymentMethodCreateError). */
export function createFailure(code: string): Error {
  return Object.assign(new Error('payment method creation failed'), { name: 'PaymentMethodCreateError', code });
}

export function paymentMethodCreateModelEvents(snapshot: SnapshotFrom<typeof paymentMethodCreateMachine>): EventObject[] {
  switch (snapshot.value) {
    case 'tokenizing':
      return [
        { type: 'xstate.done.actor.tokenizePaymentMethod', output: 'pmk_model_key' },
        { type: 'xstate.error.actor.tokenizePaymentMethod', error: createFailure('card_declined') },
      ];
    case 'attaching':
      return [
        { type: 'xstate.done.actor.attachPaymentMethod', output: modelCreatedCard },
        { type: 'xstate.error.actor.attachPaymentMethod', error: createFailure('') },
      ];
    case 'checking':
      // the frame's check: a card answers credit (the fee applies) or debit (no fee); a bank account has no funding;
      // invalid fields (the frame shows them) go back to idle
      return snapshot.context.request?.kind === 'CC'
        ? [
          { type: 'xstate.done.actor.checkHostedFields', output: { valid: true, brand: 'visa', funding: 'credit' } },
          { type: 'xstate.done.actor.checkHostedFields', output: { valid: true, brand: 'visa', funding: 'debit' } },
          { type: 'xstate.done.actor.checkHostedFields', output: { valid: false, fields: ['ccNumber'] } },
        ]
        : [{ type: 'xstate.done.actor.checkHostedFields', output: { valid: true, brand: null, funding: null } }];
    case 'confirming':
      // the rest of the chart is the same whatever the funding: walked on from a credit card only (keeps paths few)
      return snapshot.context.funding === 'credit' ? [{ type: 'create.confirm' }, { type: 'create.cancel' }] : [{ type: 'create.cancel' }];
    case 'failed':
      // Retry, dismiss, or — after a bank account failed inline (a failed card stays in its fee modal) —
      // submit corrected details or a card instead (pruned so the model's simple paths stay finite and few).
      return [
        { type: 'create.retry' },
        { type: 'create.dismiss' },
        ...(snapshot.context.request?.kind === 'ACH'
          ? [{ type: 'create.submit', request: modelCardRequest }, { type: 'create.submit', request: modelBankRequest }]
          : []),
      ];
    default:
      // idle: the first submit of each kind, or an existing token.
      return snapshot.context.request === null && snapshot.context.paymentMethodKey === null
        ? [
          { type: 'create.submit', request: modelCardRequest },
          { type: 'create.submit', request: modelBankRequest },
          { type: 'create.submitKey', paymentMethodKey: 'pmk_existing' },
        ]
        : [];
  }
}
