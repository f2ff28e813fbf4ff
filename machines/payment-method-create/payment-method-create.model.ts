import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import { modelCard, modelList, modelLocationId, modelVendorId } from '../payment-methods/payment-methods.model';
import type { BankAccountTokenizeRequest, CardTokenizeRequest } from './payment-method-create.actors';
import type { PaymentMethodCreateInput, paymentMethodCreateMachine } from './payment-method-create.machine';

export const modelCreateInput: PaymentMethodCreateInput = {
  vendorId: modelVendorId,
  locationId: modelLocationId,
  paymentMethodsJwt: modelList.paymentMethodsJwt,
  serviceFees: { 'plastiq-cc': '2.9', 'priority-ach': null },
};

export const modelCardRequest: CardTokenizeRequest = {
  type: 'CC', provider: 'plastiq-cc', nameOnCard: 'Dana Reyes', ccNumber: '4242424242424242', expDate: '12/30', cvc: '123',
  addressLine1: '214 East Bay St', addressLine2: '', zipCode: '29401', name: 'Ops Visa',
};
export const modelBankRequest: BankAccountTokenizeRequest = {
  type: 'ACH', provider: 'priority-ach', name: 'Payroll Checking', bankRoutingNumber: '011000015', checkingAccountNumber: '000123456789',
};

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
    case 'checkingCard':
      // the BIN lookup answers credit (the fee applies) or debit (no fee); a lookup that throws leaves it unknown (credit)
      return [
        { type: 'xstate.done.actor.lookupCardFunding', output: 'credit' },
        { type: 'xstate.done.actor.lookupCardFunding', output: 'debit' },
        { type: 'xstate.error.actor.lookupCardFunding', error: new Error('payments service unreachable') },
      ];
    case 'confirming':
      // the rest of the chart is the same whatever the funding: walked on from a credit card only (keeps paths few)
      return snapshot.context.funding === 'credit' ? [{ type: 'create.confirm' }, { type: 'create.cancel' }] : [{ type: 'create.cancel' }];
    case 'failed':
      // Retry, dismiss, or — after a bank account failed inline (a failed card stays in its fee modal) —
      // submit corrected details or a card instead (pruned so the model's simple paths stay finite and few).
      return [
        { type: 'create.retry' },
        { type: 'create.dismiss' },
        ...(snapshot.context.request?.type === 'ACH'
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
