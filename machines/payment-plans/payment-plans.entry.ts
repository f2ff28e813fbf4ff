import { defineMachine } from '../registry-entry';
import {
  modelPlanListInput, modelPlanSetupInput, modelPlanUpdateInput, planListModelEvents, planSetupModelEvents, planUpdateModelEvents,
} from './payment-plans.model';
import { planListMachine } from './plan-list.machine';
import { planSetupMachine } from './plan-setup.machine';
import { planUpdateMachine } from './plan-update.machine';

const feature = 'AutoPay and payment plans';

export const planListEntry = defineMachine({
  machine: planListMachine, input: modelPlanListInput, events: planListModelEvents, feature,
  purpose: 'Payment plans list and its redirects (none → root, one → the plan)',
});
export const planUpdateEntry = defineMachine({
  machine: planUpdateMachine, input: modelPlanUpdateInput, events: planUpdateModelEvents, feature,
  purpose: 'Payment plan detail and method update with the "Update payment plan?" modal',
});
export const planSetupEntry = defineMachine({
  machine: planSetupMachine, input: modelPlanSetupInput, events: planSetupModelEvents, feature,
  purpose: 'Payment plan request: load, set up, confirmation or failure',
});
