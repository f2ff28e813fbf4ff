/** Model data and events of the payment-plan machines (walks, registry, view tests). */
import type { AnyEventObject as EventObject } from 'xstate';
import { modelIds as c2pIds, modelMethod } from '../click2pay/click2pay.model';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import type { PaymentPlan, PlanRequestData, Request } from './payment-plans.actors';
import { PlanNotFoundError } from './payment-plans.actors';

export const modelPlanIds = {
  planA: 'eeeeeeee-5555-4555-8555-555555555555',
  planB: 'ffffffff-6666-4666-8666-666666666666',
  request: '99999999-7777-4777-8777-777777777777',
  card: c2pIds.card,
  bank: c2pIds.bank,
};

export const modelPlanMethods = [
  modelMethod(c2pIds.bank, 'direct-ach', 'Operating Checking', '6789'),
  modelMethod(c2pIds.card, 'priority-cc', 'Visa Business', '4821', '2.9'),
];

export const modelEpa = { 'direct-ach': { version: '2024-01', filename: 'epa-ach.pdf' }, 'priority-cc': { version: '2024-03', filename: 'epa-card.pdf' } };

export function modelPlan(id: string, name: string, extra: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
    id, name, status: 'active', totalAmount: 1000, eachAmount: 300, frequency: 'biweekly', startDate: '2024-01-01',
    paymentMethodId: c2pIds.bank, paymentMethod: modelPlanMethods[0],
    paymentGroups: [
      { id: '10101010-1010-4010-8010-101010101010', paymentDate: '2024-01-01', paymentTotal: 300, status: 'complete' },
      { id: '20202020-2020-4020-8020-202020202020', paymentDate: '2024-01-15', paymentTotal: 300, status: 'scheduled' },
    ],
    paidSoFar: 300, ...extra,
  };
}

export const modelPlans: PaymentPlan[] = [
  modelPlan(modelPlanIds.planB, 'Winter catch-up'),
  modelPlan(modelPlanIds.planA, 'Equipment lease', { status: 'complete', frequency: 'monthly', totalAmount: 600, eachAmount: 200, paidSoFar: 600 }),
];

export const modelPlanRequest: Request = {
  id: modelPlanIds.request, type: 'paymentplan', status: 'active', vendorId: modelVendorId, locationId: modelLocationId, startDate: '2026-12-07',
  invoiceIds: [], excludedInvoiceIds: [], customerManage: true, createdAt: '2026-11-30T12:00:00Z',
  paymentPlan: { paymentPlanName: 'Spring balance', startDate: '2026-12-07', frequency: 'weekly', totalAmount: 1000, eachAmount: 250 },
};

export const modelPlanRequestData: PlanRequestData = { request: modelPlanRequest, epa: modelEpa, holidays: ['2026-12-25'] };

export const modelPlanListInput = { vendorId: modelVendorId, locationId: modelLocationId, cameFromPlanId: null };
export const modelPlanUpdateInput = { vendorId: modelVendorId, locationId: modelLocationId, planId: modelPlanIds.planB };
export const modelPlanSetupInput = { vendorId: modelVendorId, locationId: modelLocationId, requestId: modelPlanIds.request };

const fail = (path: string) => new Error(`failed calling api on path ${path}`);

/** List: none, one and two plans (and a list whose only plan has a deleted method), and a failure. */
export function planListModelEvents(): EventObject[] {
  const deleted = modelPlan(modelPlanIds.planA, 'Gone', { paymentMethod: { ...modelPlanMethods[0], deletedAt: '2026-11-01T00:00:00Z' } });
  return [
    { type: 'xstate.done.actor.loadPaymentPlans', output: modelPlans },
    { type: 'xstate.done.actor.loadPaymentPlans', output: [modelPlans[0], deleted] },
    { type: 'xstate.done.actor.loadPaymentPlans', output: [deleted] },
    { type: 'xstate.error.actor.loadPaymentPlans', error: fail('/vendors/{vendorId}/locations/{locationId}/paymentplans') },
    { type: 'plans.retry' },
  ];
}

export function planUpdateModelEvents(snapshot: { matches: (v: unknown) => boolean; context: { method: { id: string } | null; termsAccepted: boolean } }): EventObject[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadPlan', output: { plan: modelPlans[0], epa: modelEpa } },
      { type: 'xstate.done.actor.loadPlan', output: { plan: modelPlans[1], epa: modelEpa } },
      { type: 'xstate.error.actor.loadPlan', error: new PlanNotFoundError() },
    ];
  }
  const events: EventObject[] = [
    { type: 'plan.retryLoad' },
    { type: 'plan.update' },
    { type: 'plan.confirm' },
    { type: 'plan.cancel' },
    { type: 'xstate.done.actor.updatePaymentPlan', output: { ...modelPlans[0], paymentMethodId: c2pIds.card, paymentMethod: modelPlanMethods[1] } },
    { type: 'xstate.error.actor.updatePaymentPlan', error: fail('/vendors/{vendorId}/locations/{locationId}/paymentplans/{planId}') },
  ];
  if (!snapshot.context.method) events.push({ type: 'form.method', method: modelPlanMethods[1] });
  if (!snapshot.context.termsAccepted) events.push({ type: 'form.terms', accepted: true });
  return events;
}

export function planSetupModelEvents(snapshot: { matches: (v: unknown) => boolean; context: { method: { id: string } | null; termsAccepted: boolean } }): EventObject[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadPlanRequest', output: modelPlanRequestData },
      { type: 'xstate.done.actor.loadPlanRequest', output: { ...modelPlanRequestData, request: { ...modelPlanRequest, status: 'complete' } } },
      { type: 'xstate.error.actor.loadPlanRequest', error: fail('/vendors/{vendorId}/locations/{locationId}/requests/{requestId}') },
    ];
  }
  const events: EventObject[] = [
    { type: 'plan.retryLoad' },
    { type: 'plan.setup' },
    { type: 'xstate.done.actor.createPaymentPlan', output: { paymentMethod: modelPlanMethods[0], paymentPlan: modelPlan(modelPlanIds.planA, 'Spring balance') } },
    { type: 'xstate.error.actor.createPaymentPlan', error: fail('/paymentplans') },
  ];
  if (!snapshot.context.method) events.push({ type: 'form.method', method: modelPlanMethods[0] });
  if (!snapshot.context.termsAccepted) events.push({ type: 'form.terms', accepted: true });
  return events;
}
