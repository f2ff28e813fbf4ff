/** MSW handlers typed from the contract for the AutoPay and payment-plan views. */
import { http, HttpResponse } from 'msw';
import { noAnnouncementHandlers } from '../fake-api';
import { Temporal } from 'temporal-polyfill';
import type { components } from '../../../core/api/schema';
import { modelAutopay, modelAutopayInvoices, modelAutopayMethods, modelAutopayRequest, modelEpa } from '../../../machines/autopay/autopay.model';
import { modelPlanRequest, modelPlans } from '../../../machines/payment-plans/payment-plans.model';
import { modelLocationId, modelVendorId } from '../../../machines/dashboard/dashboard.model';
import { location, token, vendor } from '../shell/fixtures';

type S = components['schemas'];

/** The AutoPay request's start date: 3 days from today in the vendor's time zone (inside its 10-day window). */
export const requestStartDate = () => Temporal.Now.plainDateISO('America/Chicago').add({ days: 3 }).toString();

export const base = `/token/${token}/vendors/${modelVendorId}/locations/${modelLocationId}`;

export const world = {
  autopay: structuredClone(modelAutopay) as S['Autopay'] | null,
  plans: structuredClone(modelPlans) as S['PaymentPlan'][],
  autoPayStartDateTimeFrame: 10 as number | null,
  failPlans: false,
  calls: [] as Array<{ method: string; path: string; body?: unknown }>,
};

export function resetWorld() {
  world.autopay = structuredClone(modelAutopay);
  world.plans = structuredClone(modelPlans);
  world.autoPayStartDateTimeFrame = 10;
  world.failPlans = false;
  world.calls = [];
}

const api = `*/api/vendors/${modelVendorId}/locations/${modelLocationId}`;

export const handlers = [
  ...noAnnouncementHandlers(),
  http.get('*/api/vendors', () => {
    const v = vendor(modelVendorId, 'Coastal Produce Co.');
    return HttpResponse.json({ vendors: [{ ...v, config: { ...v.config, autoPayStartDateTimeFrame: world.autoPayStartDateTimeFrame } }] } satisfies S['VendorList']);
  }),
  http.get('*/api/vendors/:vendorId/locations', () => HttpResponse.json({ locations: [location(modelLocationId, modelVendorId, 'Blue Heron Grill')] } satisfies S['LocationList'])),
  http.get(`${api}/paymentmethods`, () => HttpResponse.json({ paymentMethods: modelAutopayMethods, paymentMethodsJwt: 'jwt', hostedFieldsUrl: 'http://payments.test/hosted-fields', clientFlowInfo: {} } as S['PaymentMethodList'])),
  http.get('*/api/config', ({ request }) => {
    const key = new URL(request.url).searchParams.get('key');
    if (key === 'configuration') return HttpResponse.json({ configuration: { paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 30 } } } satisfies S['ConfigResponse']);
    if (key === 'holidays') return HttpResponse.json({ holidays: [] } satisfies S['ConfigResponse']);
    return HttpResponse.json({ epa: modelEpa } satisfies S['ConfigResponse']);
  }),
  http.get(`${api}/autopay`, () => HttpResponse.json({ autoPay: world.autopay } satisfies S['AutopayResponse'])),
  http.get(`${api}/invoices`, () => HttpResponse.json({ locationInvoices: modelAutopayInvoices, requestInvoiceIds: [] } satisfies S['InvoiceList'])),
  http.get(`${api}/requests/:requestId`, ({ params }) => {
    const request = params.requestId === modelPlanRequest.id ? modelPlanRequest : params.requestId === modelAutopayRequest.id ? { ...modelAutopayRequest, startDate: requestStartDate() } : null;
    return request ? HttpResponse.json({ request } satisfies S['RequestResponse']) : HttpResponse.json({ errorCode: 'not_found', message: 'no' }, { status: 404 });
  }),
  http.get(`${api}/paymentplans`, () =>
    world.failPlans ? HttpResponse.json({ errorCode: 'internal', message: 'boom' }, { status: 500 }) : HttpResponse.json({ paymentPlans: world.plans } satisfies S['PaymentPlanList'])),
];
