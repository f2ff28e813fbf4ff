/** Dashboard calls: record a visit, load AutoPay and payment plans of the location. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type Autopay = components['schemas']['Autopay'];
export type PaymentPlan = components['schemas']['PaymentPlan'];

export interface DashboardInput {
  vendorId: string;
  locationId: string;
}

const AUTOPAY_PATH = '/vendors/{vendorId}/locations/{locationId}/autopay';
const PLANS_PATH = '/vendors/{vendorId}/locations/{locationId}/paymentplans';
const VISITS_PATH = '/vendors/{vendorId}/locations/{locationId}/visits';

export const recordVisit = fromPromise<void, DashboardInput>(async ({ input, signal }) => {
  const result = await api.POST(VISITS_PATH, { params: { path: input }, body: {}, signal });
  if (!result.response.ok) unwrap(VISITS_PATH, result);
});

/** The active AutoPay of the location, or null. */
export const loadAutopay = fromPromise<Autopay | null, DashboardInput>(async ({ input, signal }) => {
  const result = await api.GET(AUTOPAY_PATH, { params: { path: input }, signal });
  return unwrap(AUTOPAY_PATH, result).autoPay ?? null;
});

export const loadPaymentPlans = fromPromise<PaymentPlan[], DashboardInput>(async ({ input, signal }) => {
  const result = await api.GET(PLANS_PATH, { params: { path: input }, signal });
  return unwrap(PLANS_PATH, result).paymentPlans;
});
