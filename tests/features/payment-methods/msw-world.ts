/** MSW handlers shaped like the contracts for the payment-method views. */
import { http, HttpResponse } from 'msw';
import { noAnnouncementHandlers } from '../fake-api';
import type { components } from '../../../core/api/schema';
import { modelList, modelLocationId, modelUsage, modelVendorId } from '../../../machines/payment-methods/payment-methods.model';
import { modelCreatedCard } from '../../../machines/payment-method-create/payment-method-create.model';
import { location, vendor } from '../shell/fixtures';

type PaymentMethod = components['schemas']['PaymentMethod'];

export const world = {
  list: structuredClone(modelList),
  usage: structuredClone(modelUsage) as components['schemas']['PaymentsByMethod'],
  usageStatus: 200,
  deleteStatus: 204,
  vendorOptions: [] as string[],
  tokenized: [] as unknown[],
  attached: [] as string[],
  deleted: [] as string[],
};

export function resetWorld() {
  world.list = structuredClone(modelList);
  world.usage = structuredClone(modelUsage);
  world.usageStatus = 200;
  world.deleteStatus = 204;
  world.vendorOptions = [];
  world.tokenized = [];
  world.attached = [];
  world.deleted = [];
}

const DECLINES: Record<string, string> = { '4000000000000002': 'card_declined', '4000000000009995': 'insufficient_funds' };

export const handlers = [
  ...noAnnouncementHandlers(),
  http.get('*/api/vendors', () => {
    const v = vendor(modelVendorId, 'Coastal Produce Co.');
    return HttpResponse.json({ vendors: [{ ...v, paymentMethodConfig: { options: world.vendorOptions } }] });
  }),
  http.get('*/api/vendors/:vendorId/locations', () => HttpResponse.json({ locations: [location(modelLocationId, modelVendorId, 'Blue Heron Grill')] })),
  http.get(`*/api/vendors/${modelVendorId}/locations/${modelLocationId}/paymentmethods`, () => HttpResponse.json(world.list)),
  http.post(`*/api/vendors/${modelVendorId}/locations/${modelLocationId}/paymentmethods`, async ({ request }) => {
    const { paymentMethodKey } = (await request.json()) as { paymentMethodKey: string };
    world.attached.push(paymentMethodKey);
    const created: PaymentMethod = modelCreatedCard;
    world.list.paymentMethods.push(created);
    return HttpResponse.json({ paymentMethod: created }, { status: 201 });
  }),
  http.get(`*/api/vendors/${modelVendorId}/locations/${modelLocationId}/payments`, () =>
    world.usageStatus === 200 ? HttpResponse.json(world.usage) : HttpResponse.json({ errorCode: 'internal', message: 'boom' }, { status: world.usageStatus })),
  http.delete(`*/api/vendors/${modelVendorId}/locations/${modelLocationId}/paymentmethods/:id`, ({ params }) => {
    if (world.deleteStatus !== 204) return HttpResponse.json({ errorCode: world.deleteStatus === 409 ? 'payment_method_in_use' : 'internal', message: 'no' }, { status: world.deleteStatus });
    world.deleted.push(String(params.id));
    world.list.paymentMethods = world.list.paymentMethods.filter((m) => m.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  // the sandbox's BIN table in short: its debit and prepaid test BINs, anything else credit
  http.get('*/payments-api/card-bins/:bin', ({ params }) => {
    const bin = String(params.bin);
    const funding = bin === '40000566' || bin === '52008282' ? 'debit' : bin === '40000577' || bin === '51051051' ? 'prepaid' : 'credit';
    return HttpResponse.json({ bin, funding });
  }),
  http.post('*/payments-api/tokenizer', async ({ request }) => {
    const body = (await request.json()) as { ccNumber?: string };
    world.tokenized.push(body);
    const code = body.ccNumber ? DECLINES[body.ccNumber] : undefined;
    if (code) return HttpResponse.json({ errors: [{ code, message: 'declined' }] }, { status: 402 });
    return HttpResponse.json({ key: `pmk_${world.tokenized.length}` });
  }),
];
