/** Payment-plan calls (portal-recurring.md §7): the location's plans, a plan request, set up, change the method. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type PaymentPlan = components['schemas']['PaymentPlan'];
export type Request = components['schemas']['Request'];
export type Terms = components['schemas']['Terms'];
export type CreatePaymentPlanResponse = components['schemas']['CreatePaymentPlanResponse'];

export interface LocationInput {
  vendorId: string;
  locationId: string;
}

const PLANS_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentplans';
const PLAN_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentplans/{planId}';
const REQUEST_PATH = '/vendors/{vendorId}/locations/{locationId}/requests/{requestId}';
const CREATE_PATH = '/paymentplans';

async function fetchEpa(signal: AbortSignal): Promise<Record<string, Terms>> {
  return unwrap('/config', await api.GET('/config', { params: { query: { key: 'epa' } }, signal })).epa ?? {};
}

export async function fetchPlans(input: LocationInput, signal: AbortSignal): Promise<PaymentPlan[]> {
  return unwrap(PLANS_PATH, await api.GET(PLANS_PATH, { params: { path: input }, signal })).paymentPlans;
}

export const loadPaymentPlans = fromPromise<PaymentPlan[], LocationInput>(({ input, signal }) => fetchPlans(input, signal));

/** One plan of the location (there is no single-plan call: the list is small) and the terms. */
export interface PlanData {
  plan: PaymentPlan;
  epa: Record<string, Terms>;
}

export class PlanNotFoundError extends Error {
  constructor() {
    super('payment plan not found');
    this.name = 'PlanNotFoundError';
  }
}

export const loadPlan = fromPromise<PlanData, LocationInput & { planId: string }>(async ({ input, signal }) => {
  const [plans, epa] = await Promise.all([fetchPlans(input, signal), fetchEpa(signal)]);
  const plan = plans.find((p) => p.id === input.planId && !p.paymentMethod.deletedAt);
  if (!plan) throw new PlanNotFoundError();
  return { plan, epa };
});

export const updatePaymentPlan = fromPromise<PaymentPlan, LocationInput & { planId: string; paymentMethodId: string; epaVersion: string }>(async ({ input, signal }) => {
  const { paymentMethodId, epaVersion, ...path } = input;
  return unwrap(PLAN_PATH, await api.PATCH(PLAN_PATH, { params: { path }, body: { paymentMethodId, epaVersion }, signal })).paymentPlan;
});

export interface PlanRequestData {
  request: Request;
  epa: Record<string, Terms>;
  /** `yyyy-MM-dd` days the banks are closed: the proposed schedule moves ACH installments off them, as the job will. */
  holidays: string[];
}

export const loadPlanRequest = fromPromise<PlanRequestData, LocationInput & { requestId: string }>(async ({ input, signal }) => {
  const [request, epa, holidays] = await Promise.all([
    api.GET(REQUEST_PATH, { params: { path: input }, signal }).then((r) => unwrap(REQUEST_PATH, r).request),
    fetchEpa(signal),
    api.GET('/config', { params: { query: { key: 'holidays' } }, signal }).then((r) => (unwrap('/config', r).holidays ?? []).map((h) => h.date)),
  ]);
  return { request, epa, holidays };
});

export const createPaymentPlan = fromPromise<CreatePaymentPlanResponse, { vendorId: string; requestId: string; paymentMethodId: string; epaVersion: string }>(
  async ({ input, signal }) => unwrap(CREATE_PATH, await api.POST(CREATE_PATH, { body: input, signal })),
);
