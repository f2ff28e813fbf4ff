import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import type { Autopay, PaymentPlan } from './dashboard.actors';
import type { dashboardMachine } from './dashboard.machine';

export const modelVendorId = '0b7a8c1e-5a4d-4a8e-8a59-3f0f4f1d2c01';
export const modelLocationId = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export const modelAutopay: Autopay = {
  id: '7e0c1d2a-3b4c-4d5e-8f60-718293a4b5c6',
  startDate: '2026-12-01',
  paymentMethodId: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
  paymentMethodName: 'Operating Checking',
  paymentMethodLastFour: '6789',
  paymentMethodType: 'ACH',
  contactId: '2a3b4c5d-6e7f-4809-9a1b-2c3d4e5f6a7b',
  excludedInvoices: [],
  paymentGroups: [],
  paymentMethod: { type: 'ACH', displayExtra: { name: 'Operating Checking', lastFour: '6789' } },
  customerManage: true,
};

export const modelPlan: PaymentPlan = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  name: 'Spring balance',
  status: 'active',
  totalAmount: 1200,
  eachAmount: 300,
  frequency: 'monthly',
  startDate: '2026-12-15',
  paymentMethodId: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
  paymentMethod: {
    id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b', type: 'ACH', provider: 'direct-ach', deletedAt: null,
    displayExtra: { name: 'Operating Checking', lastFour: '6789', serviceFee: null, verificationRequired: false },
    contactFirstName: 'Dana', contactLastName: 'Reyes',
  },
  paymentGroups: [],
  paidSoFar: 0,
};

export function dashboardModelEvents(snapshot: SnapshotFrom<typeof dashboardMachine>): EventObject[] {
  const events: EventObject[] = [];
  if (snapshot.matches({ visit: 'waiting' })) events.push({ type: 'page.shown' });
  if (snapshot.matches({ visit: 'recording' })) {
    events.push({ type: 'xstate.done.actor.recordVisit', output: undefined });
    events.push({ type: 'xstate.error.actor.recordVisit', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/visits') });
  }
  if (snapshot.matches({ autopay: 'loading' })) {
    events.push({ type: 'xstate.done.actor.loadAutopay', output: modelAutopay });
    events.push({ type: 'xstate.done.actor.loadAutopay', output: null });
    events.push({ type: 'xstate.error.actor.loadAutopay', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/autopay') });
  }
  if (snapshot.matches({ plans: 'loading' })) {
    events.push({ type: 'xstate.done.actor.loadPaymentPlans', output: [modelPlan] });
    events.push({ type: 'xstate.done.actor.loadPaymentPlans', output: [] });
    events.push({ type: 'xstate.error.actor.loadPaymentPlans', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/paymentplans') });
  }
  return events;
}
