// @vitest-environment jsdom
/** The creation / delete / verify actors against MSW handlers shaped like the contracts. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { setAuthToken } from '../../core/api/client';
import { attachPaymentMethod, createFailureCode, tokenizePaymentMethod } from '../../machines/payment-method-create/payment-method-create.actors';
import { modelBankRequest, modelCardRequest, modelCreatedCard } from '../../machines/payment-method-create/payment-method-create.model';
import { verifyPaymentMethod } from '../../machines/payment-method-verify/payment-method-verify.actors';
import { checkPaymentMethodUsage, deletePaymentMethod, isInUseError } from '../../machines/payment-methods/payment-methods.actors';
import { modelCard, modelList, modelLocationId, modelPending, modelUsage, modelVendorId } from '../../machines/payment-methods/payment-methods.model';

const seen: Array<{ url: string; authorization: string | null; body: unknown }> = [];
let tokenizerAnswer: () => Response = () => HttpResponse.json({ key: 'pmk_ok' });
const base = `*/api/vendors/${modelVendorId}/locations/${modelLocationId}`;
const server = setupServer(
  http.post('*/payments-api/tokenizer', async ({ request }) => {
    seen.push({ url: request.url, authorization: request.headers.get('Authorization'), body: await request.json() });
    if (request.headers.get('Authorization') === 'Bearer stale.jwt') return HttpResponse.json({ errors: [{ code: 'unauthorized', message: 'expired' }] }, { status: 401 });
    return tokenizerAnswer();
  }),
  http.get(`${base}/paymentmethods`, () => HttpResponse.json({ ...modelList, paymentMethodsJwt: 'fresh.jwt' })),
  http.post(`${base}/paymentmethods`, async ({ request }) => {
    const body = (await request.json()) as { paymentMethodKey: string };
    if (body.paymentMethodKey === 'used') return HttpResponse.json({ errorCode: 'invalid_payment_method_key', message: 'used' }, { status: 422 });
    return HttpResponse.json({ paymentMethod: modelCreatedCard }, { status: 201 });
  }),
  http.get(`${base}/payments`, ({ request }) => {
    seen.push({ url: request.url, authorization: request.headers.get('Authorization'), body: null });
    return HttpResponse.json(modelUsage);
  }),
  http.delete(`${base}/paymentmethods/:id`, ({ params }) =>
    params.id === modelCard.id
      ? HttpResponse.json({ errorCode: 'payment_method_in_use', message: 'in use' }, { status: 409 })
      : new HttpResponse(null, { status: 204 })),
  http.post(`${base}/paymentmethods/:id/verify`, async ({ request }) => {
    const { amounts } = (await request.json()) as { amounts: number[] };
    if (amounts[0] === 0.32 && amounts[1] === 0.45) return HttpResponse.json({ paymentMethod: { ...modelPending, displayExtra: { ...modelPending.displayExtra, verificationRequired: false } } });
    if (amounts[0] === 0.99) return HttpResponse.json({ errorCode: 'verification_locked', message: 'locked' }, { status: 422 });
    return HttpResponse.json({ errorCode: 'verification_failed', message: 'The amounts do not match the deposits. 2 attempts left.', field: 'amounts' }, { status: 422 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { server.resetHandlers(); seen.length = 0; tokenizerAnswer = () => HttpResponse.json({ key: 'pmk_ok' }); });
afterAll(() => { server.close(); setAuthToken(null); });

const run = <T,>(logic: any, input: unknown): Promise<T> => toPromise(createActor(logic, { input }).start()) as Promise<T>;
const scope = { vendorId: modelVendorId, locationId: modelLocationId };

describe('tokenizer actor (openapi/payments.yaml)', () => {
  it('posts the card to /payments-api/tokenizer with the Bearer JWT and answers the key', async () => {
    setAuthToken('contact-token');
    await expect(run(tokenizePaymentMethod, { ...scope, paymentMethodsJwt: 'good.jwt', request: modelCardRequest })).resolves.toBe('pmk_ok');
    expect(new URL(seen[0].url).pathname).toBe('/payments-api/tokenizer');
    expect(seen[0].authorization).toBe('Bearer good.jwt');
    expect(seen[0].body).toEqual(modelCardRequest);
  });

  it('an expired JWT is replaced once by a fresh one from the list', async () => {
    await expect(run(tokenizePaymentMethod, { ...scope, paymentMethodsJwt: 'stale.jwt', request: modelBankRequest })).resolves.toBe('pmk_ok');
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer stale.jwt', 'Bearer fresh.jwt']);
  });

  it('a decline fails with the first processor code; a blank code is unknown; a body without errors is generic', async () => {
    tokenizerAnswer = () => HttpResponse.json({ errors: [{ code: 'card_declined', message: 'declined' }] }, { status: 402 });
    await expect(run(tokenizePaymentMethod, { ...scope, paymentMethodsJwt: 'j', request: modelCardRequest }).catch(createFailureCode)).resolves.toBe('card_declined');
    tokenizerAnswer = () => HttpResponse.json({ errors: [{ code: '', message: '?' }] }, { status: 422 });
    await expect(run(tokenizePaymentMethod, { ...scope, paymentMethodsJwt: 'j', request: modelCardRequest }).catch(createFailureCode)).resolves.toBe('unknown');
    tokenizerAnswer = () => new HttpResponse('oops', { status: 500 });
    await expect(run(tokenizePaymentMethod, { ...scope, paymentMethodsJwt: 'j', request: modelCardRequest }).catch(createFailureCode)).resolves.toBe('');
  });
});

describe('portal actors', () => {
  it('attach answers the new method; a refused key is a generic failure', async () => {
    await expect(run(attachPaymentMethod, { ...scope, paymentMethodKey: 'pmk_ok' })).resolves.toEqual(modelCreatedCard);
    await expect(run(attachPaymentMethod, { ...scope, paymentMethodKey: 'used' }).catch(createFailureCode)).resolves.toBe('');
  });

  it('usage check passes the method id; delete surfaces 409 payment_method_in_use', async () => {
    await expect(run(checkPaymentMethodUsage, { ...scope, paymentMethodId: modelCard.id })).resolves.toEqual(modelUsage);
    expect(new URL(seen[0].url).searchParams.get('paymentMethodId')).toBe(modelCard.id);
    await expect(run(deletePaymentMethod, { ...scope, paymentMethodId: modelCard.id }).catch(isInUseError)).resolves.toBe(true);
    await expect(run(deletePaymentMethod, { ...scope, paymentMethodId: modelPending.id })).resolves.toBeUndefined();
  });

  it('verify: dollars sent, verified / wrong with attempts left / locked', async () => {
    await expect(run(verifyPaymentMethod, { ...scope, paymentMethodId: modelPending.id, amountsCents: [32, 45] })).resolves.toMatchObject({ result: 'verified' });
    await expect(run(verifyPaymentMethod, { ...scope, paymentMethodId: modelPending.id, amountsCents: [10, 20] })).resolves.toEqual({ result: 'wrong', attemptsLeft: 2 });
    await expect(run(verifyPaymentMethod, { ...scope, paymentMethodId: modelPending.id, amountsCents: [99, 20] })).resolves.toEqual({ result: 'locked' });
  });
});
