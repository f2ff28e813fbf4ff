import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { VerifyInput, VerifyResult } from '../../machines/payment-method-verify/payment-method-verify.actors';
import { connectPaymentMethodVerify } from '../../machines/payment-method-verify/payment-method-verify.connect';
import { paymentMethodVerifyMachine, type PaymentMethodVerifyEvent } from '../../machines/payment-method-verify/payment-method-verify.machine';
import { modelVerifyInput, sandboxDepositsCents } from '../../machines/payment-method-verify/payment-method-verify.model';

function start(answer: () => Promise<VerifyResult>) {
  return createActor(paymentMethodVerifyMachine.provide({ actors: { verifyPaymentMethod: fromPromise<VerifyResult, VerifyInput>(answer) } }), {
    input: modelVerifyInput,
  }).start();
}

describe('connectPaymentMethodVerify', () => {
  it('editing, then busy while the amounts are with the server, then the attempts left after a wrong answer', async () => {
    const actor = start(async () => ({ result: 'wrong', attemptsLeft: 2 }));
    expect(connectPaymentMethodVerify(actor.getSnapshot(), () => {})).toMatchObject({ step: 'editing', isBusy: false, attemptsLeft: null });
    actor.send({ type: 'verify.submit', amountsCents: sandboxDepositsCents });
    expect(connectPaymentMethodVerify(actor.getSnapshot(), () => {})).toMatchObject({ step: 'verifying', isBusy: true });
    expect(connectPaymentMethodVerify(await waitFor(actor, (s) => s.matches('wrong')), () => {})).toMatchObject({ step: 'wrong', isBusy: false, attemptsLeft: 2 });
  });

  it('locked and failed answers are steps of their own', async () => {
    const locked = start(async () => ({ result: 'locked' }));
    locked.send({ type: 'verify.submit', amountsCents: sandboxDepositsCents });
    expect(connectPaymentMethodVerify(await waitFor(locked, (s) => s.matches('locked')), () => {}).step).toBe('locked');
    const failed = start(async () => { throw new Error('failed calling api'); });
    failed.send({ type: 'verify.submit', amountsCents: sandboxDepositsCents });
    expect(connectPaymentMethodVerify(await waitFor(failed, (s) => s.matches('failed')), () => {}).step).toBe('failed');
  });

  it('Verify sends the two amounts in cents; Cancel sends cancel', () => {
    const sent: PaymentMethodVerifyEvent[] = [];
    const view = connectPaymentMethodVerify(start(() => new Promise(() => {})).getSnapshot(), (e) => void sent.push(e));
    view.submit([32, 45]);
    view.cancel();
    expect(sent).toEqual([{ type: 'verify.submit', amountsCents: [32, 45] }, { type: 'verify.cancel' }]);
  });
});
