import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  createFailureCode, PaymentMethodCreateError, processorCode, type AttachInput, type CreateRequest, type PaymentMethod, type TokenizeInput,
} from '../../machines/payment-method-create/payment-method-create.actors';
import { needsFeeConfirmation, paymentMethodCreateMachine } from '../../machines/payment-method-create/payment-method-create.machine';
import { modelBankRequest, modelCardRequest, modelCreatedCard, modelCreateInput } from '../../machines/payment-method-create/payment-method-create.model';
import { selectCreateView } from '../../machines/payment-method-create/payment-method-create.selectors';
import { fakePort, validBank } from './fake-port';

/** The chart with its real check and tokenize actors (they only talk to the frame's port) and a stubbed attach. */
function start(stubs: { attach?: (i: AttachInput) => Promise<PaymentMethod>; tokenize?: (i: TokenizeInput) => Promise<string> } = {}, input = modelCreateInput) {
  const attach = vi.fn(stubs.attach ?? (async () => modelCreatedCard));
  const notifyCreated = vi.fn();
  const actor = createActor(
    paymentMethodCreateMachine.provide({
      actors: {
        attachPaymentMethod: fromPromise<PaymentMethod, AttachInput>(({ input }) => attach(input)),
        ...(stubs.tokenize ? { tokenizePaymentMethod: fromPromise<string, TokenizeInput>(({ input }) => stubs.tokenize!(input)) } : {}),
      },
      actions: { notifyCreated: (_, m: PaymentMethod) => notifyCreated(m) },
    }),
    { input },
  ).start();
  return { actor, attach, notifyCreated };
}

const card = (port = fakePort()): CreateRequest & { port: ReturnType<typeof fakePort> } => ({ ...modelCardRequest, port });
const bank = (port = fakePort({ check: async () => validBank })): CreateRequest & { port: ReturnType<typeof fakePort> } => ({ ...modelBankRequest, port });

describe('payment method create machine (the hosted fields frame tokenizes)', () => {
  it('a bank account (no fee): checking → tokenizing → attaching → created, success handed to the page', async () => {
    const { actor, attach, notifyCreated } = start();
    const request = bank();
    actor.send({ type: 'create.submit', request });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ isBusy: true, kind: 'ACH', feeModalOpen: false });
    await waitFor(actor, (x) => x.value === 'created');
    expect(request.port.check).toHaveBeenCalledOnce();
    expect(request.port.tokenize).toHaveBeenCalledExactlyOnceWith({ name: 'Payroll Checking' });
    expect(attach).toHaveBeenCalledWith({ vendorId: modelCreateInput.vendorId, locationId: modelCreateInput.locationId, paymentMethodKey: 'pmk_1' });
    expect(notifyCreated).toHaveBeenCalledExactlyOnceWith(modelCreatedCard);
  });

  it('invalid fields (the frame shows and focuses them): back to idle, nothing tokenized; corrected, the next submit goes on', async () => {
    let valid = false;
    const request = bank(fakePort({ check: async () => (valid ? validBank : { valid: false, fields: ['bankRoutingNumber'] }) }));
    const { actor } = start();
    actor.send({ type: 'create.submit', request });
    await waitFor(actor, (x) => x.value === 'idle');
    expect(request.port.tokenize).not.toHaveBeenCalled();
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ step: 'idle', isBusy: false, code: null });
    valid = true;
    actor.send({ type: 'create.submit', request });
    await waitFor(actor, (x) => x.value === 'created');
  });

  it('a card with a service fee waits for the confirmation; cancel sends nothing', async () => {
    const { actor } = start();
    const request = card();
    actor.send({ type: 'create.submit', request });
    expect(actor.getSnapshot().value).toBe('checking');
    await waitFor(actor, (x) => x.value === 'confirming');
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ feeModalOpen: true, feePercent: '2.9', funding: 'credit', brand: 'visa', kind: 'CC' });
    actor.send({ type: 'create.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(request.port.tokenize).not.toHaveBeenCalled();
    actor.send({ type: 'create.submit', request });
    await waitFor(actor, (x) => x.value === 'confirming');
    actor.send({ type: 'create.confirm' });
    expect(selectCreateView(actor.getSnapshot())).toMatchObject({ step: 'tokenizing', feeModalOpen: true, isBusy: true });
    await waitFor(actor, (x) => x.value === 'created');
    expect(selectCreateView(actor.getSnapshot()).feeModalOpen).toBe(false);
    expect(request.port.tokenize).toHaveBeenCalledExactlyOnceWith({ name: 'Ops Visa' });
  });

  it('a debit or prepaid card (by its BIN, as the frame answered): the modal says no fee; unknown funding counts as credit (the fee is said)', async () => {
    for (const funding of ['debit', 'prepaid'] as const) {
      const { actor } = start();
      actor.send({ type: 'create.submit', request: card(fakePort({ check: async () => ({ valid: true, brand: 'visa', funding }) })) });
      const confirming = await waitFor(actor, (x) => x.value === 'confirming');
      expect(selectCreateView(confirming)).toMatchObject({ feeModalOpen: true, feePercent: null, funding });
      actor.send({ type: 'create.confirm' });
      await waitFor(actor, (x) => x.value === 'created');
    }
    const unknown = start();
    unknown.actor.send({ type: 'create.submit', request: card(fakePort({ check: async () => ({ valid: true, brand: null, funding: null }) })) });
    expect(selectCreateView(await waitFor(unknown.actor, (x) => x.value === 'confirming'))).toMatchObject({ feePercent: '2.9', funding: null });
  });

  it('a card without a fee goes from the check straight to tokenizing', async () => {
    const { actor } = start({}, { ...modelCreateInput, serviceFees: { 'plastiq-cc': null } });
    const request = card();
    actor.send({ type: 'create.submit', request });
    await waitFor(actor, (x) => x.value === 'created');
    expect(request.port.tokenize).toHaveBeenCalledOnce();
  });

  it('the modal says the capped percent: a provider fee above 3 % shows 3', async () => {
    const { actor } = start({}, { ...modelCreateInput, serviceFees: { 'plastiq-cc': '3.5' } });
    actor.send({ type: 'create.submit', request: card() });
    expect(selectCreateView(await waitFor(actor, (x) => x.value === 'confirming')).feePercent).toBe('3');
    actor.stop();
  });

  it('creating from an existing token skips checking and tokenizing', async () => {
    const { actor, attach } = start();
    actor.send({ type: 'create.submitKey', paymentMethodKey: 'pmk_existing' });
    expect(actor.getSnapshot().value).toBe('attaching');
    await waitFor(actor, (x) => x.value === 'created');
    expect(attach.mock.calls[0][0].paymentMethodKey).toBe('pmk_existing');
  });

  it('a processor refusal fails with its code; the fee modal stays open showing it; retry re-tokenizes with the same frame', async () => {
    let refuse = true;
    const request = card(fakePort({
      tokenize: async () => (refuse ? { type: 'refused', status: 402, code: 'card_declined', message: 'declined' } : { type: 'tokenized', key: 'pmk_2', brand: 'visa', lastFour: '4242', funding: 'credit' }),
    }));
    const { actor, attach } = start();
    actor.send({ type: 'create.submit', request });
    await waitFor(actor, (x) => x.value === 'confirming');
    actor.send({ type: 'create.confirm' });
    const failed = await waitFor(actor, (x) => x.value === 'failed');
    expect(selectCreateView(failed)).toMatchObject({ code: 'card_declined', feeModalOpen: true, kind: 'CC' });
    refuse = false;
    actor.send({ type: 'create.retry' });
    await waitFor(actor, (x) => x.value === 'created');
    expect(request.port.tokenize).toHaveBeenCalledTimes(2);
    expect(request.port.check).toHaveBeenCalledOnce();
    expect(attach.mock.calls[0][0].paymentMethodKey).toBe('pmk_2');
  });

  it('an attach failure is a generic failure (code ""); dismiss returns to the form; a new submit starts over', async () => {
    let fail = true;
    const { actor } = start({ attach: async () => { if (fail) throw new Error('failed calling api'); return modelCreatedCard; } });
    actor.send({ type: 'create.submit', request: bank() });
    const failed = await waitFor(actor, (x) => x.value === 'failed');
    expect(selectCreateView(failed)).toMatchObject({ code: '', feeModalOpen: false, kind: 'ACH' });
    actor.send({ type: 'create.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    fail = false;
    actor.send({ type: 'create.submit', request: bank() });
    await waitFor(actor, (x) => x.value === 'created');
  });

  it('a failed submit can be corrected in the frame and submitted again from failed (checked again)', async () => {
    let n = 0;
    const { actor } = start({ tokenize: async () => { n++; if (n === 1) throw new PaymentMethodCreateError('invalid_routing_number'); return 'pmk_3'; } });
    const request = bank();
    actor.send({ type: 'create.submit', request });
    expect(selectCreateView(await waitFor(actor, (x) => x.value === 'failed')).code).toBe('invalid_routing_number');
    actor.send({ type: 'create.submit', request });
    await waitFor(actor, (x) => x.value === 'created');
    expect(request.port.check).toHaveBeenCalledTimes(2);
  });

  it('a check that throws counts as fields not ready: back to the form, nothing tokenized', async () => {
    const { actor } = start();
    const request = bank(fakePort({ check: async () => { throw new Error('frame gone'); } }));
    actor.send({ type: 'create.submit', request });
    expect(selectCreateView(await waitFor(actor, (x) => x.value === 'idle'))).toMatchObject({ code: null, isBusy: false });
    expect(request.port.tokenize).not.toHaveBeenCalled();
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
