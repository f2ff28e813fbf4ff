import { defineMachine } from '../registry-entry';
import { paymentMethodVerifyMachine } from './payment-method-verify.machine';
import { modelVerifyInput, paymentMethodVerifyModelEvents } from './payment-method-verify.model';

export const paymentMethodVerifyEntry = defineMachine({
  machine: paymentMethodVerifyMachine,
  input: modelVerifyInput,
  events: paymentMethodVerifyModelEvents,
  purpose: 'Micro-deposit verification of a bank account',
  feature: 'Payment methods',
});
