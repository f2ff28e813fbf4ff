import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  binOf, createFailureCode, PaymentMethodCreateError, processorCode, type AttachInput, type CardFundingInput, type PaymentMethod, type TokenizeInput,
} from '../../machines/payment-method-create/payment-method-create.actors';
import { needsFeeConfirmation, paymentMethodCreateMachine } from '../../machines/payment-method-create/payment-method-create.machine';
import { modelBankRequest, modelCardRequest, modelCreatedCard, modelCreateInput } from '../../machines/payment-method-create/payment-method-create.model';
import type { CardFunding } from '../../core/rules/fees';
import { selectCreateView } from '../../machines/payment-method-create/payment-method-create.selectors';

function start(stubs: {
  tokenize?: (i: TokenizeInput) => Promise<string>;
  attach?: (i: AttachInput) => Promise<PaymentMethod>;
  funding?: (i: CardFundingInput) => Promise<CardFunding | null>;
} = {}) {
  const tokenize = vi.fn(stubs.tokenize ?? (async () => 'pmk_1'));
  const attach = vi.fn(stubs.attach ?? (async () => modelCreatedCard));
  const lookup = vi.fn(stubs.funding ?? (async () => 'credit' as const));
  const notifyCreated = vi.fn();
  const actor = createActor(
    paymentMethodCreateMachine.provide({
      actors: {
        tokenizePaymentMethod: fromPromise<string, TokenizeInput>(({ input }) => tokenize(input)),
        attachPaymentMethod: fromPromise<PaymentMethod, AttachInput>(({ input }) => attach(input)),
        lookupCardFunding: fromPromise<CardFunding | null, CardFundingInput>(({ input }) => lookup(input)),
      },
      actions: { notifyCreated: (_, m: PaymentMethod) => notifyCreated(m) },
    }),
    { input: modelCreateInput },
  ).start();
  return { actor, tokenize, attach, notifyCreated, lookup };
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
    const { actor, tokenize, lookup } = start();
    actor.send({ type: 'create.submit', request: modelCardRequest });
    expect(actor.getSnapshot().value).toBe('checkingCard');
    await waitFor(actor, (x) => x.value === 'confirming');
    // only the BIN (first 8 digits) was asked, never the full number
    expect(lookup).toHaveBeenCalledWith({ vendorId: modelCreateInput.vendorId, locationId: modelCreateInput.locationId, paymentMethodsJwt: 'model.jwt.token', provider: 'plastiq-cc', bin: '42424242' });
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ feeModalOpen: true, feePercent: '2.9', funding: 'credit', kind: 'CC' });
    actor.send({ type: 'create.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(tokenize).not.toHaveBeenCalled();
    actor.send({ type: 'create.submit', request: modelCardRequest });
    await waitFor(actor, (x) => x.value === 'confirming');
    actor.send({ type: 'create.confirm' });
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ step: 'tokenizing', feeModalOpen: true, isBusy: true });
    await waitFor(actor, (x) => x.value === 'created');
    expect(selectCreateView(actor.getSnapshot()).feeModalOpen).toBe(false);
  });

  it('a debit or prepaid card (by its BIN): the modal says no fee; an unanswered lookup counts as credit (the fee is said)', async () => {
    for (const funding of ['debit', 'prepaid'] as const) {
      const { actor } = start({ funding: async () => funding });
      actor.send({ type: 'create.submit', request: { ...modelCardRequest, ccNumber: funding === 'debit' ? '4000056655665556' : '4000057700000005' } });
      const confirming = await waitFor(actor, (x) => x.value === 'confirming');
      expect(selectCreateView(confirming)).toMatchObject({ feeModalOpen: true, feePercent: null, funding });
      actor.send({ type: 'create.confirm' });
      await waitFor(actor, (x) => x.value === 'created');
    }
    const unknown = start({ funding: async () => null });
    unknown.actor.send({ type: 'create.submit', request: modelCardRequest });
    expect(selectCreateView(await waitFor(unknown.actor, (x) => x.value === 'confirming'))).toMatchObject({ feePercent: '2.9', funding: null });
    const thrown = start({ funding: async () => { throw new Error('unexpected'); } });
    thrown.actor.send({ type: 'create.submit', request: modelCardRequest });
    expect(selectCreateView(await waitFor(thrown.actor, (x) => x.value === 'confirming'))).toMatchObject({ feePercent: '2.9', funding: null });
    expect(binOf('4000 0566 5566 5556')).toBe('40000566');
  });

  it('the modal says the capped percent: a provider fee above 3 % shows 3', async () => {
    const capped = createActor(
      paymentMethodCreateMachine.provide({
        actors: {
          lookupCardFunding: fromPromise<CardFunding | null, CardFundingInput>(async () => 'credit'),
          tokenizePaymentMethod: fromPromise<string, TokenizeInput>(() => new Promise(() => {})),
        },
      }),
      { input: { ...modelCreateInput, serviceFees: { 'plastiq-cc': '3.5' } } },
    ).start();
    capped.send({ type: 'create.submit', request: modelCardRequest });
    expect(selectCreateView(await waitFor(capped, (x) => x.value === 'confirming')).feePercent).toBe('3');
    capped.stop();
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
    await waitFor(actor, (x) => x.value === 'confirming');
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
