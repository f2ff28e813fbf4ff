import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentGroupCreated, SubmitPaymentInput } from '../../machines/payment-submit/payment-submit.actors';
import { paymentSubmitMachine } from '../../machines/payment-submit/payment-submit.machine';
import { modelPaymentGroupId, modelPaymentRequest } from '../../machines/payment-submit/payment-submit.model';
import { selectIsFailed, selectIsSubmitting } from '../../machines/payment-submit/payment-submit.selectors';

function start(answers: Array<() => Promise<PaymentGroupCreated>>) {
  const calls: SubmitPaymentInput[] = [];
  const goToConfirmation = vi.fn();
  let n = 0;
  const keys = ['key-1', 'key-2', 'key-3'];
  const actor = createActor(
    paymentSubmitMachine.provide({
      actors: { submitPayment: fromPromise<PaymentGroupCreated, SubmitPaymentInput>(({ input }) => { calls.push(input); return answers[calls.length - 1](); }) },
      actions: { goToConfirmation: (_, params) => goToConfirmation(params) },
    }),
    { input: { vendorId: 'v', locationId: 'l', createKey: () => keys[n++] } },
  ).start();
  return { actor, calls, goToConfirmation };
}

const ok = async (): Promise<PaymentGroupCreated> => ({ allDisputed: false, paymentGroupId: modelPaymentGroupId });
const fail = async (): Promise<PaymentGroupCreated> => { throw new Error('failed calling api on path /paymentgroups'); };

describe('payment submit machine', () => {
  it('idle → submitting → confirmed; a second submit while submitting is ignored (one POST, one key)', async () => {
    const { actor, calls, goToConfirmation } = start([ok, ok]);
    actor.send({ type: 'payment.submit', request: modelPaymentRequest });
    actor.send({ type: 'payment.submit', request: modelPaymentRequest });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(calls).toHaveLength(1);
    expect(calls[0].idempotencyKey).toBe('key-1');
    expect(goToConfirmation).toHaveBeenCalledExactlyOnceWith({ result: { allDisputed: false, paymentGroupId: modelPaymentGroupId }, request: modelPaymentRequest });
  });

  it('failed → retry reuses the same key and body; dismiss starts a new attempt with a new key', async () => {
    const { actor, calls } = start([fail, fail, ok]);
    actor.send({ type: 'payment.submit', request: modelPaymentRequest });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectIsFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'payment.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(calls[1].request).toEqual(calls[0].request);
    actor.send({ type: 'payment.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'payment.submit', request: { ...modelPaymentRequest, paymentMethodId: 'other' } });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(calls[2].idempotencyKey).toBe('key-2');
  });

  it('refuses a submit without invoices', () => {
    const { actor, calls } = start([ok]);
    actor.send({ type: 'payment.submit', request: { ...modelPaymentRequest, invoices: [] } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});
