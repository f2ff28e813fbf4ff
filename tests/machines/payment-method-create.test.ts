import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  createFailureCode, PaymentMethodCreateError, processorCode, type AttachInput, type PaymentMethod, type TokenizeInput,
} from '../../machines/payment-method-create/payment-method-create.actors';
import { needsFeeConfirmation, paymentMethodCreateMachine } from '../../machines/payment-method-create/payment-method-create.machine';
import { modelBankRequest, modelCardRequest, modelCreatedCard, modelCreateInput } from '../../machines/payment-method-create/payment-method-create.model';
import { selectCreateView } from '../../machines/payment-method-create/payment-method-create.selectors';

function start(stubs: { tokenize?: (i: TokenizeInput) => Promise<string>; attach?: (i: AttachInput) => Promise<PaymentMethod> } = {}) {
  const tokenize = vi.fn(stubs.tokenize ?? (async () => 'pmk_1'));
  const attach = vi.fn(stubs.attach ?? (async () => modelCreatedCard));
  const notifyCreated = vi.fn();
  const actor = createActor(
    paymentMethodCreateMachine.provide({
      actors: {
        tokenizePaymentMethod: fromPromise<string, TokenizeInput>(({ input }) => tokenize(input)),
        attachPaymentMethod: fromPromise<PaymentMethod, AttachInput>(({ input }) => attach(input)),
      },
      actions: { notifyCreated: (_, m: PaymentMethod) => notifyCreated(m) },
    }),
    { input: modelCreateInput },
  ).start();
  return { actor, tokenize, attach, notifyCreated };
}

describe('payment method create machine', () => {
  it('a bank account (no fee): tokenizing → attaching → created, success handed to the page', async () => {
    const { actor, tokenize, attach, notifyCreated } = start();
    actor.send({ type: 'create.submit', request: modelBankRequest });
    expect(actor.getSnapshot().value).toBe('tokenizing');
    await waitFor(actor, (x) => x.value === 'created');
    expect(tokenize).toHaveBeenCalledWith({ vendorId: modelCreateInput.vendorId, locationId: modelCreateInput.locationId, paymentMethodsJwt: 'model.jwt.token', request: modelBankRequest });
    expect(attach).toHaveBeenCalledWith({ vendorId: modelCreateInput.vendorId, locationId: modelCreateInput.locationId, paymentMethodKey: 'pmk_1' });
    expect(notifyCreated).toHaveBeenCalledExactlyOnceWith(modelCreatedCard);
  });

  it('a card with a service fee waits for the confirmation; cancel sends nothing', async () => {
    const { actor, tokenize } = start();
    actor.send({ type: 'create.submit', request: modelCardRequest });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ feeModalOpen: true, feePercent: '2.9', kind: 'CC' });
    actor.send({ type: 'create.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(tokenize).not.toHaveBeenCalled();
    actor.send({ type: 'create.submit', request: modelCardRequest });
    actor.send({ type: 'create.confirm' });
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ step: 'tokenizing', feeModalOpen: true, isBusy: true });
    await waitFor(actor, (x) => x.value === 'created');
    expect(selectCreateView(actor.getSnapshot()).feeModalOpen).toBe(false);
  });

  it('creating from an existing token skips tokenizing', async () => {
    const { actor, tokenize, attach } = start();
    actor.send({ type: 'create.submitKey', paymentMethodKey: 'pmk_existing' });
    expect(actor.getSnapshot().value).toBe('attaching');
    await waitFor(actor, (x) => x.value === 'created');
    expect(tokenize).not.toHaveBeenCalled();
    expect(attach.mock.calls[0][0].paymentMethodKey).toBe('pmk_existing');
  });

  it('a processor refusal fails with its code; the fee modal stays open showing it; retry sends the same details', async () => {
    let refuse = true;
    const { actor, tokenize } = start({ tokenize: async () => { if (refuse) throw new PaymentMethodCreateError('card_declined'); return 'pmk_2'; } });
    actor.send({ type: 'create.submit', request: modelCardRequest });
    actor.send({ type: 'create.confirm' });
    const failed = await waitFor(actor, (x) => x.value === 'failed');
    expect(selectCreateView(failed)).toMatchObject({ code: 'card_declined', feeModalOpen: true, kind: 'CC' });
    refuse = false;
    actor.send({ type: 'create.retry' });
    await waitFor(actor, (x) => x.value === 'created');
    expect(tokenize.mock.calls.map((c) => c[0].request)).toEqual([modelCardRequest, modelCardRequest]);
  });

  it('an attach failure is a generic failure (code ""); dismiss returns to the form; a new submit starts over', async () => {
    let fail = true;
    const { actor } = start({ attach: async () => { if (fail) throw new Error('failed calling api'); return modelCreatedCard; } });
    actor.send({ type: 'create.submit', request: modelBankRequest });
    const failed = await waitFor(actor, (x) => x.value === 'failed');
    expect(selectCreateView(failed)).toMatchObject({ code: '', feeModalOpen: false, kind: 'ACH' });
    actor.send({ type: 'create.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    fail = false;
    actor.send({ type: 'create.submit', request: modelBankRequest });
    await waitFor(actor, (x) => x.value === 'created');
  });

  it('a failed submit can be corrected and submitted again from failed', async () => {
    let n = 0;
    const { actor } = start({ tokenize: async () => { n++; if (n === 1) throw new PaymentMethodCreateError('invalid_routing_number'); return 'pmk_3'; } });
    actor.send({ type: 'create.submit', request: modelBankRequest });
    await waitFor(actor, (x) => x.value === 'failed');
    actor.send({ type: 'create.submit', request: { ...modelBankRequest, bankRoutingNumber: '021000021' } });
    await waitFor(actor, (x) => x.value === 'created');
  });
});

describe('failure codes (spec §4)', () => {
  it('first processor error code, unknown when blank, empty for generic failures', () => {
    expect(processorCode({ errors: [{ code: 'card_declined', message: 'x' }, { code: 'other', message: 'y' }] })).toBe('card_declined');
    expect(processorCode({ errors: [{ code: '  ', message: 'x' }] })).toBe('unknown');
    expect(processorCode({ errors: [] })).toBe('');
    expect(processorCode(undefined)).toBe('');
    expect(createFailureCode(new PaymentMethodCreateError('expired_card'))).toBe('expired_card');
    expect(createFailureCode(new Error('network'))).toBe('');
  });

  it('only a card provider with a fee above 0 asks for confirmation', () => {
    expect(needsFeeConfirmation(modelCardRequest, { 'plastiq-cc': '2.9' })).toBe(true);
    expect(needsFeeConfirmation(modelCardRequest, { 'plastiq-cc': '0' })).toBe(false);
    expect(needsFeeConfirmation(modelCardRequest, { 'plastiq-cc': null })).toBe(false);
    expect(needsFeeConfirmation(modelBankRequest, { 'priority-ach': '2.9' })).toBe(false);
  });
});
