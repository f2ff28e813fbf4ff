import { defineMachine } from '../registry-entry';
import { paymentMethodCreateMachine } from './payment-method-create.machine';
import { modelCreateInput, paymentMethodCreateModelEvents } from './payment-method-create.model';

export const paymentMethodCreateEntry = defineMachine({
  machine: paymentMethodCreateMachine,
  input: modelCreateInput,
  events: paymentMethodCreateModelEvents,
  purpose: 'Add a card or bank account: fee confirmation, tokenize, attach',
  feature: 'Payment methods',
});
