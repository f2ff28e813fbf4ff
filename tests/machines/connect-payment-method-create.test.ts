import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { HostedFieldsPort } from '../../core/api/hosted-fields-protocol';
import type { AttachInput, CheckAnswer, PaymentMethod, TokenizeInput } from '../../machines/payment-method-create/payment-method-create.actors';
import { connectPaymentMethodCreate } from '../../machines/payment-method-create/payment-method-create.connect';
import { paymentMethodCreateMachine, type PaymentMethodCreateEvent } from '../../machines/payment-method-create/payment-method-create.machine';
import { createFailure, modelBankRequest, modelCardRequest, modelCreateInput } from '../../machines/payment-method-create/payment-method-create.model';

/** The chart whose frame checks a valid credit card or bank account, and whose tokenize and attach calls fail with a processor code, or never answer. */
function start({ fail }: { fail: boolean }) {
  const answer = (): Promise<never> => (fail ? Promise.reject(createFailure('card_declined')) : new Promise(() => {}));
  return createActor(
    paymentMethodCreateMachine.provide({
      actors: {
        tokenizePaymentMethod: fromPromise<string, TokenizeInput>(answer),
        attachPaymentMethod: fromPromise<PaymentMethod, AttachInput>(answer),
        checkHostedFields: fromPromise<CheckAnswer, { port: HostedFieldsPort }>(async () => ({ valid: true, brand: 'visa', funding: 'credit' })),
      },
    }),
    { input: modelCreateInput },
  ).start();
}

function recorder() {
  const sent: PaymentMethodCreateEvent[] = [];
  return { sent, send: (event: PaymentMethodCreateEvent) => void sent.push(event) };
}

describe('connectPaymentMethodCreate', () => {
  it('a failure shows where its details were given: the fee modal of a confirmed card, the bank form, above the tabs for a token', async () => {
    const card = start({ fail: true });
    card.send({ type: 'create.submit', request: modelCardRequest });
    await waitFor(card, (s) => s.matches('confirming'));
    card.send({ type: 'create.confirm' });
    expect(connectPaymentMethodCreate(await waitFor(card, (s) => s.matches('failed')), () => {})).toMatchObject({
      failureShownIn: 'feeModal', feeModalOpen: true, kind: 'CC', code: 'card_declined',
    });
    const bank = start({ fail: true });
    bank.send({ type: 'create.submit', request: modelBankRequest });
    expect(connectPaymentMethodCreate(await waitFor(bank, (s) => s.matches('failed')), () => {})).toMatchObject({ failureShownIn: 'form', feeModalOpen: false, kind: 'ACH' });
    const token = start({ fail: true });
    token.send({ type: 'create.submitKey', paymentMethodKey: 'pmk_existing' });
    expect(connectPaymentMethodCreate(await waitFor(token, (s) => s.matches('failed')), () => {})).toMatchObject({ failureShownIn: 'page', kind: null });
    expect(connectPaymentMethodCreate(start({ fail: true }).getSnapshot(), () => {}).failureShownIn).toBeNull();
  });

  it('the fee modal: Confirm sends the card, Cancel drops it; while it is sent they send nothing', async () => {
    const actor = start({ fail: false });
    actor.send({ type: 'create.submit', request: modelCardRequest });
    const { sent, send } = recorder();
    // the frame checks the fields (and the card's BIN) first: busy, no modal yet, nothing to confirm
    const checking = connectPaymentMethodCreate(actor.getSnapshot(), send);
    expect(checking).toMatchObject({ step: 'checking', feeModalOpen: false, isBusy: true });
    const confirming = connectPaymentMethodCreate(await waitFor(actor, (s) => s.matches('confirming')), send);
    expect(confirming).toMatchObject({ step: 'confirming', feeModalOpen: true, feePercent: '2.9', isBusy: false });
    confirming.confirmFee();
    confirming.cancelFee();
    expect(sent).toEqual([{ type: 'create.confirm' }, { type: 'create.cancel' }]);
    actor.send({ type: 'create.confirm' });
    const sending = connectPaymentMethodCreate(actor.getSnapshot(), send);
    expect(sending).toMatchObject({ step: 'tokenizing', feeModalOpen: true, isBusy: true });
    sending.cancelFee();
    expect(sent).toHaveLength(2);
    actor.stop();
  });

  it('after a failure the fee modal’s Confirm retries and Cancel dismisses; the form’s intents send their events', async () => {
    const actor = start({ fail: true });
    actor.send({ type: 'create.submit', request: modelCardRequest });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'create.confirm' });
    const { sent, send } = recorder();
    const failed = connectPaymentMethodCreate(await waitFor(actor, (s) => s.matches('failed')), send);
    failed.confirmFee();
    failed.cancelFee();
    failed.submit(modelBankRequest);
    failed.submitKey('pmk_existing');
    failed.retry();
    failed.dismiss();
    expect(sent).toEqual([
      { type: 'create.retry' },
      { type: 'create.dismiss' },
      { type: 'create.submit', request: modelBankRequest },
      { type: 'create.submitKey', paymentMethodKey: 'pmk_existing' },
      { type: 'create.retry' },
      { type: 'create.dismiss' },
    ]);
  });
});
