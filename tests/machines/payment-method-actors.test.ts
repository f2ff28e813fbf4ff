// @vitest-environment jsdom
/** The creation / delete / verify actors against MSW handlers shaped like the contracts. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { setAuthToken } from '../../core/api/client';
import { attachPaymentMethod, checkHostedFields, createFailureCode, tokenizePaymentMethod } from '../../machines/payment-method-create/payment-method-create.actors';
import { fakePort, validCredit } from './fake-port';
import { modelCreatedCard } from '../../machines/payment-method-create/payment-method-create.model';
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

describe('tokenize actor: the hosted fields frame tokenizes (issue 21)', () => {
  it('asks the frame with the nickname/TIN only and answers its key; the portal itself posts nothing to the tokenizer', async () => {
    setAuthToken('contact-token');
    const port = fakePort();
    await expect(run(tokenizePaymentMethod, { ...scope, port, extra: { name: 'Ops Visa', tin: '123456789' } })).resolves.toBe('pmk_1');
    expect(port.tokenize).toHaveBeenCalledExactlyOnceWith({ name: 'Ops Visa', tin: '123456789' });
    expect(seen).toEqual([]);
  });

  it('an expired JWT (the frame says unauthorized): a fresh one from the list, and the frame resumes with it', async () => {
    const port = fakePort({
      tokenize: async () => ({ type: 'unauthorized' }),
      resume: async () => ({ type: 'tokenized', key: 'pmk_ok', brand: null, lastFour: '6789', funding: null }),
    });
    await expect(run(tokenizePaymentMethod, { ...scope, port, extra: { name: 'Payroll Checking' } })).resolves.toBe('pmk_ok');
    expect(port.resume).toHaveBeenCalledExactlyOnceWith('fresh.jwt');
  });

  it('a refusal fails with the processor code; a blank code is unknown; unreachable or refused twice is generic', async () => {
    const code = (port: ReturnType<typeof fakePort>) => run(tokenizePaymentMethod, { ...scope, port, extra: {} }).catch(createFailureCode);
    await expect(code(fakePort({ tokenize: async () => ({ type: 'refused', status: 402, code: 'card_declined', message: 'declined' }) }))).resolves.toBe('card_declined');
    await expect(code(fakePort({ tokenize: async () => ({ type: 'refused', status: 422, code: ' ', message: '?' }) }))).resolves.toBe('unknown');
    await expect(code(fakePort({ tokenize: async () => ({ type: 'failed' }) }))).resolves.toBe('');
    await expect(code(fakePort({ tokenize: async () => ({ type: 'unauthorized' }), resume: async () => ({ type: 'unauthorized' }) }))).resolves.toBe('');
    expect(seen).toEqual([]);
  });

  it('check: the frame’s answer as it is (invalid fields, or brand and funding)', async () => {
    await expect(run(checkHostedFields, { port: fakePort({ check: async () => ({ valid: false, fields: ['cvc'] }) }) })).resolves.toEqual({ valid: false, fields: ['cvc'] });
    await expect(run(checkHostedFields, { port: fakePort() })).resolves.toEqual(validCredit);
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
