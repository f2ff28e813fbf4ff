import { defineMachine } from '../registry-entry';
import { autopayDeleteMachine } from './autopay-delete.machine';
import { autopayPageMachine } from './autopay-page.machine';
import { autopaySubmitMachine } from './autopay-submit.machine';
import { autopayUpdateMachine } from './autopay-update.machine';
import {
  autopayDeleteModelEvents, autopayPageModelEvents, autopaySubmitModelEvents, autopayUpdateModelEvents, modelAutopayInput, modelAutopayPageInput,
} from './autopay.model';

const feature = 'AutoPay and payment plans';

export const autopayPageEntry = defineMachine({
  machine: autopayPageMachine, input: modelAutopayPageInput, events: autopayPageModelEvents, feature,
  purpose: 'AutoPay setup / manage page: load (active | inactive | failed) and the form',
});
export const autopaySubmitEntry = defineMachine({
  machine: autopaySubmitMachine, input: { vendorId: modelAutopayInput.vendorId, locationId: modelAutopayInput.locationId },
  events: autopaySubmitModelEvents, feature,
  purpose: 'Set up AutoPay Plus: fee modal, submit, confirmation or failure',
});
export const autopayUpdateEntry = defineMachine({
  machine: autopayUpdateMachine, input: modelAutopayInput, events: autopayUpdateModelEvents, feature,
  purpose: 'Update AutoPay Plus: fee modal, method and exclusion calls side by side, each with its failure',
});
export const autopayDeleteEntry = defineMachine({
  machine: autopayDeleteMachine, input: modelAutopayInput, events: autopayDeleteModelEvents, feature,
  purpose: 'Turn AutoPay Plus off: confirmation modal, delete, confirmation or failure',
});
