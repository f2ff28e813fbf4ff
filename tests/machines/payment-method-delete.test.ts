import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DeleteMethodInput, MethodInput, PaymentsByMethod } from '../../machines/payment-methods/payment-methods.actors';
import { isInUseError, isScheduledPaymentsError } from '../../machines/payment-methods/payment-methods.actors';
import { paymentMethodDeleteMachine } from '../../machines/payment-methods/payment-method-delete.machine';
import { selectDeleteView } from '../../machines/payment-methods/payment-method-delete.selectors';
import { apiFailure, modelCard, modelDeleteInput, modelUsage, modelUsageAutopay } from '../../machines/payment-methods/payment-methods.model';

function start(stubs: { usage: () => Promise<PaymentsByMethod>; del?: () => Promise<void> }) {
  const notifyDeleted = vi.fn();
  const deleted = vi.fn();
  const actor = createActor(
    paymentMethodDeleteMachine.provide({
      actors: {
        checkPaymentMethodUsage: fromPromise<PaymentsByMethod, MethodInput>(() => stubs.usage()),
        deletePaymentMethod: fromPromise<void, DeleteMethodInput>(({ input }) => { deleted(input); return stubs.del ? stubs.del() : Promise.resolve(); }),
      },
      actions: { notifyDeleted: (_, id: string) => notifyDeleted(id) },
    }),
    { input: modelDeleteInput },
  ).start();
  return { actor, notifyDeleted, deleted };
}

describe('payment method delete machine', () => {
  it('checks usage first, lists the scheduled payments, deletes them with it on confirm and removes it from the list', async () => {
    const { actor, notifyDeleted, deleted } = start({ usage: async () => modelUsage });
    expect(actor.getSnapshot().value).toBe('checkingUsage');
    const s = await waitFor(actor, (x) => x.value === 'confirming');
    expect(selectDeleteView(s).scheduled).toEqual(modelUsage.payments);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (x) => x.value === 'deleted');
    expect(modelUsage.payments.length).toBeGreaterThan(0);
    expect(deleted).toHaveBeenCalledWith({ vendorId: modelDeleteInput.vendorId, locationId: modelDeleteInput.locationId, paymentMethodId: modelCard.id, cancelScheduledPayments: true });
    expect(notifyDeleted).toHaveBeenCalledExactlyOnceWith(modelCard.id);
  });

  it('cancels scheduled payments only when the list was shown: none listed, or the check failed → no cancellation asked', async () => {
    const none = start({ usage: async () => ({ ...modelUsage, payments: [] }) });
    await waitFor(none.actor, (x) => x.value === 'confirming');
    none.actor.send({ type: 'delete.confirm' });
    await waitFor(none.actor, (x) => x.value === 'deleted');
    expect(none.deleted).toHaveBeenCalledWith(expect.objectContaining({ cancelScheduledPayments: false }));

    const unknown = start({ usage: async () => { throw apiFailure('/payments', 500); } });
    await waitFor(unknown.actor, (x) => x.value === 'confirming');
    unknown.actor.send({ type: 'delete.confirm' });
    await waitFor(unknown.actor, (x) => x.value === 'deleted');
    expect(unknown.deleted).toHaveBeenCalledWith(expect.objectContaining({ cancelScheduledPayments: false }));
  });

  it('a 409 scheduled_payments_exist (payments the customer was not shown) checks usage again and shows them before confirming', async () => {
    let checks = 0;
    const usage = async () => {
      checks += 1;
      if (checks === 1) throw apiFailure('/payments', 500);
      return modelUsage;
    };
    let first = true;
    const del = async () => {
      if (first) {
        first = false;
        throw apiFailure('/pm', 409, 'scheduled_payments_exist');
      }
    };
    const { actor, deleted, notifyDeleted } = start({ usage, del });
    await waitFor(actor, (x) => x.value === 'confirming');
    actor.send({ type: 'delete.confirm' });
    const again = await waitFor(actor, (x) => x.value === 'confirming' && x.context.usage !== null);
    expect(checks).toBe(2);
    expect(selectDeleteView(again).scheduled).toEqual(modelUsage.payments);
    expect(notifyDeleted).not.toHaveBeenCalled();
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (x) => x.value === 'deleted');
    expect(deleted).toHaveBeenLastCalledWith(expect.objectContaining({ cancelScheduledPayments: true }));
  });

  it('refuses when AutoPay or a payment plan uses the method, without calling delete', async () => {
    const { actor, deleted } = start({ usage: async () => modelUsageAutopay });
    await waitFor(actor, (x) => x.value === 'refused');
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('canceled');
    expect(deleted).not.toHaveBeenCalled();
    expect(selectDeleteView({ ...actor.getSnapshot() }).step).toBe('canceled');
    await waitFor(actor, (x) => x.status === 'done');
  });

  it('a failed usage check still confirms, without the list (spec §4)', async () => {
    const { actor } = start({ usage: async () => { throw apiFailure('/payments', 500); } });
    const s = await waitFor(actor, (x) => x.value === 'confirming');
    expect(selectDeleteView(s).scheduled).toBeNull();
  });

  it('a 409 payment_method_in_use from the server is the refusal; another failure is failed and can be retried', async () => {
    let answer: 'inUse' | 'boom' | 'ok' = 'inUse';
    const del = async () => {
      if (answer === 'inUse') throw apiFailure('/pm', 409, 'payment_method_in_use');
      if (answer === 'boom') throw apiFailure('/pm', 500);
    };
    const first = start({ usage: async () => modelUsage, del });
    await waitFor(first.actor, (x) => x.value === 'confirming');
    first.actor.send({ type: 'delete.confirm' });
    await waitFor(first.actor, (x) => x.value === 'refused');

    answer = 'boom';
    const second = start({ usage: async () => modelUsage, del });
    await waitFor(second.actor, (x) => x.value === 'confirming');
    second.actor.send({ type: 'delete.confirm' });
    await waitFor(second.actor, (x) => x.value === 'failed');
    expect(second.notifyDeleted).not.toHaveBeenCalled();
    answer = 'ok';
    second.actor.send({ type: 'delete.confirm' });
    await waitFor(second.actor, (x) => x.value === 'deleted');
    expect(second.notifyDeleted).toHaveBeenCalledOnce();
  });

  it('cancel from the confirmation ends without deleting', async () => {
    const { actor, deleted } = start({ usage: async () => modelUsage });
    await waitFor(actor, (x) => x.value === 'confirming');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('canceled');
    expect(deleted).not.toHaveBeenCalled();
  });

  it('recognises the in-use error by its errorCode only', () => {
    expect(isInUseError(apiFailure('/x', 409, 'payment_method_in_use'))).toBe(true);
    expect(isInUseError(apiFailure('/x', 409, 'already_verified'))).toBe(false);
    expect(isInUseError(new Error('x'))).toBe(false);
    expect(isInUseError(apiFailure('/x', 409, 'scheduled_payments_exist'))).toBe(false);
    expect(isScheduledPaymentsError(apiFailure('/x', 409, 'scheduled_payments_exist'))).toBe(true);
    expect(isScheduledPaymentsError(apiFailure('/x', 409, 'payment_method_in_use'))).toBe(false);
  });
});
