import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { paymentMethodDeleteMachine, type PaymentMethodDeleteEvent } from '../../machines/payment-methods/payment-method-delete.machine';
import type { PaymentMethodList, PaymentsByMethod } from '../../machines/payment-methods/payment-methods.actors';
import { connectPaymentMethodDelete, connectPaymentMethods } from '../../machines/payment-methods/payment-methods.connect';
import { paymentMethodsMachine, type PaymentMethodsEvent } from '../../machines/payment-methods/payment-methods.machine';
import {
  apiFailure, modelCard, modelChecking, modelDeleteInput, modelList, modelLocationId, modelPending, modelUsage, modelUsageAutopay, modelVendorId,
} from '../../machines/payment-methods/payment-methods.model';

function startList(load: () => Promise<PaymentMethodList>) {
  return createActor(paymentMethodsMachine.provide({ actors: { loadPaymentMethods: fromPromise(load) } }), {
    input: { vendorId: modelVendorId, locationId: modelLocationId },
  }).start();
}

const loadedList = async () => waitFor(startList(async () => modelList), (s) => s.matches('loaded'));

function recorder<E>() {
  const sent: E[] = [];
  return { sent, send: (event: E) => void sent.push(event) };
}

describe('connectPaymentMethods', () => {
  it('lists the methods with what each row shows, and what the add-method page needs', async () => {
    const view = connectPaymentMethods(await loadedList(), () => {}, { lastUsedId: null });
    expect(view.status).toBe('loaded');
    expect(view.initialLoad).toBe(false);
    expect(view.methods).toEqual(modelList.paymentMethods);
    expect(view.rows.map(({ method, ...row }) => [method.id, row])).toEqual([
      [modelCard.id, { usable: true, pending: false, unusable: null, fee: '2.9', fullName: 'Visa Business 4821' }],
      [modelChecking.id, { usable: true, pending: false, unusable: null, fee: null, fullName: 'Operating Checking 6789' }],
      [modelPending.id, { usable: false, pending: true, unusable: null, fee: null, fullName: 'Payroll Savings 0015' }],
    ]);
    expect(view.providers).toEqual({ card: 'plastiq-cc', bank: 'priority-ach' });
    expect(view.serviceFees).toEqual({ 'plastiq-cc': '2.9', 'priority-ach': null });
    expect(view.paymentMethodsJwt).toBe(modelList.paymentMethodsJwt);
  });

  it('a bank account the bank returned a payment from (R02/R03/R10) says why and can be neither chosen nor resolved to', async () => {
    const returned = {
      ...modelChecking,
      unusable: { code: 'R02', message: "Can't be used: the bank returned a payment (account closed).", since: '2026-12-07T15:00:00.000Z' },
    };
    const list = { ...modelList, paymentMethods: [returned, modelCard] };
    const { sent, send } = recorder<PaymentMethodsEvent>();
    const view = connectPaymentMethods(await waitFor(startList(async () => list), (s) => s.matches('loaded')), send, { lastUsedId: returned.id });
    expect(view.rows[0]).toMatchObject({ usable: false, pending: false, unusable: "Can't be used: the bank returned a payment (account closed)." });
    expect(view.resolve(returned.id)).toBe(modelCard);
    expect(view.choose(returned.id)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a spinner stands in for the list only while nothing is known: a refresh keeps the methods shown', async () => {
    const first = startList(() => new Promise(() => {}));
    expect(connectPaymentMethods(first.getSnapshot(), () => {}, { lastUsedId: null })).toMatchObject({ status: 'loading', initialLoad: true, rows: [] });
    first.stop();
    let answer: (list: PaymentMethodList) => void = () => {};
    let calls = 0;
    const actor = startList(() => (calls++ === 0 ? Promise.resolve(modelList) : new Promise((resolve) => (answer = resolve))));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'paymentMethods.refresh' });
    expect(connectPaymentMethods(actor.getSnapshot(), () => {}, { lastUsedId: null })).toMatchObject({ status: 'loading', initialLoad: false });
    answer(modelList);
  });

  it('resolves the selection: the session’s, then the page’s, then the last used, then the first usable — never a pending one', async () => {
    const loaded = await loadedList();
    expect(connectPaymentMethods(loaded, () => {}, { lastUsedId: modelChecking.id }).resolve(null)).toBe(modelChecking);
    expect(connectPaymentMethods(loaded, () => {}, { lastUsedId: modelChecking.id }).resolve(modelCard.id)).toBe(modelCard);
    expect(connectPaymentMethods(loaded, () => {}, { lastUsedId: null }).resolve(modelPending.id)).toBe(modelCard);
    const actor = startList(async () => modelList);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'paymentMethods.select', paymentMethodId: modelChecking.id });
    expect(connectPaymentMethods(actor.getSnapshot(), () => {}, { lastUsedId: modelCard.id }).resolve(modelCard.id)).toBe(modelChecking);
  });

  it('choosing a usable method selects it for the session and answers it; a pending or unknown one sends nothing', async () => {
    const { sent, send } = recorder<PaymentMethodsEvent>();
    const view = connectPaymentMethods(await loadedList(), send, { lastUsedId: null });
    expect(view.choose(modelPending.id)).toBeNull();
    expect(view.choose('unknown')).toBeNull();
    expect(view.choose(null)).toBeNull();
    expect(sent).toEqual([]);
    expect(view.choose(modelChecking.id)).toBe(modelChecking);
    view.refresh();
    expect(sent).toEqual([{ type: 'paymentMethods.select', paymentMethodId: modelChecking.id }, { type: 'paymentMethods.refresh' }]);
  });
});

function startDelete(usage: () => Promise<PaymentsByMethod>, del: () => Promise<void> = async () => {}) {
  return createActor(
    paymentMethodDeleteMachine.provide({ actors: { checkPaymentMethodUsage: fromPromise(usage), deletePaymentMethod: fromPromise(del) } }),
    { input: modelDeleteInput },
  ).start();
}

describe('connectPaymentMethodDelete', () => {
  it('names the method, checks usage busy, then lists the scheduled payments; Delete and Cancel send their events', async () => {
    const checking = startDelete(() => new Promise(() => {}));
    expect(connectPaymentMethodDelete(checking.getSnapshot(), () => {})).toMatchObject({
      step: 'checkingUsage', isBusy: true, finished: false, scheduled: null, name: 'Visa Business', lastFour: '4821', fullName: 'Visa Business 4821',
    });
    checking.stop();
    const confirming = await waitFor(startDelete(async () => modelUsage), (s) => s.matches('confirming'));
    const { sent, send } = recorder<PaymentMethodDeleteEvent>();
    const view = connectPaymentMethodDelete(confirming, send);
    expect(view).toMatchObject({ step: 'confirming', isBusy: false, finished: false, scheduled: modelUsage.payments });
    view.confirm();
    view.cancel();
    expect(sent).toEqual([{ type: 'delete.confirm' }, { type: 'delete.cancel' }]);
  });

  it('refuses a method AutoPay uses; a failed check confirms without a list; deleted and canceled close the dialog', async () => {
    const refused = await waitFor(startDelete(async () => modelUsageAutopay), (s) => s.matches('refused'));
    expect(connectPaymentMethodDelete(refused, () => {})).toMatchObject({ step: 'refused', finished: false });
    const unknown = await waitFor(startDelete(async () => { throw apiFailure('/payments', 500); }), (s) => s.matches('confirming'));
    expect(connectPaymentMethodDelete(unknown, () => {}).scheduled).toBeNull();

    const deleting = startDelete(async () => modelUsage);
    await waitFor(deleting, (s) => s.matches('confirming'));
    deleting.send({ type: 'delete.confirm' });
    expect(connectPaymentMethodDelete(deleting.getSnapshot(), () => {})).toMatchObject({ step: 'deleting', isBusy: true });
    expect(connectPaymentMethodDelete(await waitFor(deleting, (s) => s.matches('deleted')), () => {})).toMatchObject({ finished: true, isBusy: false });
    const canceled = startDelete(async () => modelUsage);
    await waitFor(canceled, (s) => s.matches('confirming'));
    canceled.send({ type: 'delete.cancel' });
    expect(connectPaymentMethodDelete(canceled.getSnapshot(), () => {})).toMatchObject({ step: 'canceled', finished: true });
  });
});
