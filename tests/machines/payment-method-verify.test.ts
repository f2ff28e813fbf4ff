import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { attemptsLeftOf, type VerifyInput, type VerifyResult } from '../../machines/payment-method-verify/payment-method-verify.actors';
import { paymentMethodVerifyMachine } from '../../machines/payment-method-verify/payment-method-verify.machine';
import { modelVerifyInput, sandboxDepositsCents } from '../../machines/payment-method-verify/payment-method-verify.model';
import { selectVerifyView } from '../../machines/payment-method-verify/payment-method-verify.selectors';
import { modelPending } from '../../machines/payment-methods/payment-methods.model';

function start(answer: (i: VerifyInput) => Promise<VerifyResult>) {
  const notifyVerified = vi.fn();
  const calls: VerifyInput[] = [];
  const actor = createActor(
    paymentMethodVerifyMachine.provide({
      actors: { verifyPaymentMethod: fromPromise<VerifyResult, VerifyInput>(({ input }) => { calls.push(input); return answer(input); }) },
      actions: { notifyVerified: (_, r: VerifyResult) => notifyVerified(r) },
    }),
    { input: modelVerifyInput },
  ).start();
  return { actor, calls, notifyVerified };
}

const verified = { ...modelPending, displayExtra: { ...modelPending.displayExtra, verificationRequired: false } };

describe('payment method verify machine', () => {
  it('sends the two amounts and hands the verified method to the list', async () => {
    const { actor, calls, notifyVerified } = start(async () => ({ result: 'verified', paymentMethod: verified }));
    actor.send({ type: 'verify.submit', amountsCents: sandboxDepositsCents });
    expect(actor.getSnapshot().value).toBe('verifying');
    await waitFor(actor, (x) => x.value === 'verified');
    expect(calls[0]).toEqual({ ...modelVerifyInput, amountsCents: [32, 45] });
    expect(notifyVerified).toHaveBeenCalledWith({ result: 'verified', paymentMethod: verified });
  });

  it('refuses amounts outside 0.01–0.99 without calling the server', () => {
    const { actor, calls } = start(async () => ({ result: 'locked' }));
    actor.send({ type: 'verify.submit', amountsCents: [0, 45] });
    actor.send({ type: 'verify.submit', amountsCents: [32, 100] });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toHaveLength(0);
  });

  it('wrong amounts show the attempts left and may be tried again; locked ends the attempts', async () => {
    const answers: VerifyResult[] = [{ result: 'wrong', attemptsLeft: 2 }, { result: 'locked' }];
    const { actor, notifyVerified } = start(async () => answers.shift()!);
    actor.send({ type: 'verify.submit', amountsCents: [11, 12] });
    const wrong = await waitFor(actor, (x) => x.value === 'wrong');
    expect(selectVerifyView(wrong)).toEqual({ step: 'wrong', attemptsLeft: 2 });
    actor.send({ type: 'verify.submit', amountsCents: [13, 14] });
    await waitFor(actor, (x) => x.value === 'locked');
    actor.send({ type: 'verify.submit', amountsCents: sandboxDepositsCents });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(notifyVerified).not.toHaveBeenCalled();
    actor.send({ type: 'verify.cancel' });
    expect(actor.getSnapshot().value).toBe('canceled');
  });

  it('a generic failure is failed and can be retried; cancel ends', async () => {
    let fail = true;
    const { actor } = start(async () => { if (fail) throw new Error('failed calling api on path x'); return { result: 'verified', paymentMethod: null }; });
    actor.send({ type: 'verify.submit', amountsCents: sandboxDepositsCents });
    await waitFor(actor, (x) => x.value === 'failed');
    fail = false;
    actor.send({ type: 'verify.submit', amountsCents: sandboxDepositsCents });
    await waitFor(actor, (x) => x.value === 'verified');
  });

  it('reads the attempts left from the server message', () => {
    expect(attemptsLeftOf('The amounts do not match the deposits. 2 attempts left.')).toBe(2);
    expect(attemptsLeftOf('The amounts do not match the deposits. 1 attempt left.')).toBe(1);
    expect(attemptsLeftOf('nope')).toBeNull();
  });
});
