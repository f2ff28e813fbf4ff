import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LocationScope, PaymentMethodList } from '../../machines/payment-methods/payment-methods.actors';
import { paymentMethodsMachine } from '../../machines/payment-methods/payment-methods.machine';
import { modelCard, modelChecking, modelList, modelLocationId, modelPending, modelVendorId } from '../../machines/payment-methods/payment-methods.model';
import { isUsable, resolveSelection, selectProviders, selectStatus } from '../../machines/payment-methods/payment-methods.selectors';

const input = { vendorId: modelVendorId, locationId: modelLocationId };

function start(load: (i: LocationScope) => Promise<PaymentMethodList>) {
  const calls: LocationScope[] = [];
  const actor = createActor(
    paymentMethodsMachine.provide({ actors: { loadPaymentMethods: fromPromise<PaymentMethodList, LocationScope>(({ input: i }) => { calls.push(i); return load(i); }) } }),
    { input },
  ).start();
  return { actor, calls };
}

describe('payment methods list machine', () => {
  it('loads the location’s methods, its JWT and client-flow info: loading → loaded', async () => {
    const { actor, calls } = start(async () => modelList);
    expect(selectStatus(actor.getSnapshot())).toBe('loading');
    const s = await waitFor(actor, (x) => x.value === 'loaded');
    expect(calls).toEqual([input]);
    expect(s.context.methods).toEqual(modelList.paymentMethods);
    expect(s.context.paymentMethodsJwt).toBe('model.jwt.token');
    expect(selectProviders(s)).toEqual({ card: 'plastiq-cc', bank: 'priority-ach' });
  });

  it('a failed load is failed; refresh loads again', async () => {
    let fail = true;
    const { actor, calls } = start(async () => { if (fail) throw new Error('failed calling api on path x'); return modelList; });
    await waitFor(actor, (x) => x.value === 'failed');
    fail = false;
    actor.send({ type: 'paymentMethods.refresh' });
    await waitFor(actor, (x) => x.value === 'loaded');
    expect(calls).toHaveLength(2);
  });

  it('an added method joins the list and becomes the selected one; removed leaves list and selection', async () => {
    const { actor } = start(async () => modelList);
    await waitFor(actor, (x) => x.value === 'loaded');
    const added = { ...modelCard, id: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f' };
    actor.send({ type: 'paymentMethods.added', paymentMethod: added });
    expect(actor.getSnapshot().context.selectedId).toBe(added.id);
    expect(actor.getSnapshot().context.methods.map((m) => m.id)).toContain(added.id);
    actor.send({ type: 'paymentMethods.removed', paymentMethodId: added.id });
    expect(actor.getSnapshot().context.selectedId).toBeNull();
    expect(actor.getSnapshot().context.methods.map((m) => m.id)).not.toContain(added.id);
  });

  it('a verified method replaces the pending one', async () => {
    const { actor } = start(async () => modelList);
    await waitFor(actor, (x) => x.value === 'loaded');
    actor.send({ type: 'paymentMethods.updated', paymentMethod: { ...modelPending, displayExtra: { ...modelPending.displayExtra, verificationRequired: false } } });
    expect(isUsable(actor.getSnapshot().context.methods.find((m) => m.id === modelPending.id)!)).toBe(true);
  });

  it('a change sent while a refresh loads is kept (the selection survives the reload)', async () => {
    const { actor } = start(async () => modelList);
    await waitFor(actor, (x) => x.value === 'loaded');
    actor.send({ type: 'paymentMethods.refresh' });
    actor.send({ type: 'paymentMethods.select', paymentMethodId: modelChecking.id });
    const s = await waitFor(actor, (x) => x.value === 'loaded');
    expect(s.context.selectedId).toBe(modelChecking.id);
  });
});

describe('selection fallback (spec §4)', () => {
  const methods = [modelPending, modelCard, modelChecking];
  it('uses the first usable candidate: session choice, page choice, last used', () => {
    expect(resolveSelection(methods, [modelChecking.id, modelCard.id, null])?.id).toBe(modelChecking.id);
    expect(resolveSelection(methods, [null, modelCard.id, modelChecking.id])?.id).toBe(modelCard.id);
    expect(resolveSelection(methods, [null, null, modelChecking.id])?.id).toBe(modelChecking.id);
  });
  it('falls back to the first usable method, never a pending one', () => {
    expect(resolveSelection(methods, [null, 'gone', modelPending.id])?.id).toBe(modelCard.id);
    expect(resolveSelection([modelPending], [modelPending.id])).toBeNull();
    expect(resolveSelection([], [])).toBeNull();
  });
});
