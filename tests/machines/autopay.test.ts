import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { autopayPageMachine } from '../../machines/autopay/autopay-page.machine';
import { autopaySubmitMachine } from '../../machines/autopay/autopay-submit.machine';
import { autopayUpdateMachine } from '../../machines/autopay/autopay-update.machine';
import { autopayDeleteMachine } from '../../machines/autopay/autopay-delete.machine';
import type { AutopayUpdateOutcome } from '../../machines/autopay/autopay.actors';
import {
  modelAutopay, modelAutopayIds as ids, modelAutopayInput, modelAutopayMethods, modelAutopayPageInput, modelAutopayRequest, modelExclusionChange, modelMethodChange, modelPageData,
} from '../../machines/autopay/autopay.model';
import {
  selectExclusionsChanged, selectFee, selectFeePercent, selectMethodChanged, selectPageStatus, selectSetupValid, selectUpdateEnabled, selectUpdateFailure,
} from '../../machines/autopay/autopay.selectors';

function page(data: ReturnType<typeof modelPageData>, input = modelAutopayPageInput) {
  const actor = createActor(autopayPageMachine.provide({ actors: { loadAutopayPage: fromPromise(async () => data) } }), { input });
  actor.start();
  return actor;
}

describe('AutoPay page', () => {
  it('is active with an AutoPay and presets the form from it', async () => {
    const actor = page(modelPageData(modelAutopay));
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectPageStatus(actor.getSnapshot())).toBe('active');
    expect(actor.getSnapshot().context.excluded).toEqual([ids.invoiceB]);
  });

  it('is inactive without one; a request presets exclusions and start date (§2.1)', async () => {
    const actor = page(modelPageData(null, modelAutopayRequest), { ...modelAutopayPageInput, requestId: ids.request });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectPageStatus(actor.getSnapshot())).toBe('inactive');
    expect(actor.getSnapshot().context).toMatchObject({ startDate: '2026-12-03', excluded: [ids.invoiceA] });
  });

  it('accepts only start dates of the window (vendor frame 10 days from 12/1 in Chicago)', async () => {
    const actor = page(modelPageData(null));
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.startDate).toBe('2026-12-01');
    actor.send({ type: 'form.startDate', date: '2026-12-12' });
    expect(actor.getSnapshot().context.startDate).toBe('2026-12-01');
    actor.send({ type: 'form.startDate', date: '2026-12-11' });
    expect(actor.getSnapshot().context.startDate).toBe('2026-12-11');
  });

  it('with customerManage false (flag on) start date and exclusions are read-only', async () => {
    const actor = page(modelPageData(null, { ...modelAutopayRequest, customerManage: false }));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'form.exclusion', invoiceId: ids.invoiceB });
    actor.send({ type: 'form.startDate', date: '2026-12-05' });
    expect(actor.getSnapshot().context).toMatchObject({ excluded: [ids.invoiceA], startDate: '2026-12-03' });
  });

  it('the fee modal follows the card’s funding and the cap (issue 20): none for a debit or prepaid card, 3 % for a 3.5 % card', async () => {
    const actor = page(modelPageData(null));
    await waitFor(actor, (s) => s.matches('loaded'));
    const card = modelAutopayMethods[1];
    actor.send({ type: 'form.method', method: card });
    expect([selectFee(actor.getSnapshot()), selectFeePercent(actor.getSnapshot())]).toEqual([true, '2.9']);
    for (const cardFunding of ['debit', 'prepaid'] as const) {
      actor.send({ type: 'form.method', method: { ...card, displayExtra: { ...card.displayExtra, cardFunding } } });
      expect([selectFee(actor.getSnapshot()), selectFeePercent(actor.getSnapshot())], cardFunding).toEqual([false, null]);
    }
    actor.send({ type: 'form.method', method: { ...card, displayExtra: { ...card.displayExtra, serviceFee: '3.5', cardFunding: 'credit' } } });
    expect([selectFee(actor.getSnapshot()), selectFeePercent(actor.getSnapshot())]).toEqual([true, '3']);
  });

  it('setup is valid with method, start date and terms; a provider with another terms version unchecks them', async () => {
    const actor = page(modelPageData(null));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'form.method', method: modelAutopayMethods[0] });
    actor.send({ type: 'form.terms', accepted: true });
    expect(selectSetupValid(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.method', method: modelAutopayMethods[1] });
    expect(actor.getSnapshot().context.termsAccepted).toBe(false);
    expect(selectSetupValid(actor.getSnapshot())).toBe(false);
  });

  it('Update is enabled only with the box ticked and a different verified method or changed exclusions (§2.2)', async () => {
    const actor = page(modelPageData(modelAutopay));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'form.method', method: modelAutopayMethods[0] }); // the current one
    actor.send({ type: 'form.terms', accepted: true });
    expect(selectUpdateEnabled(actor.getSnapshot())).toBe(false);
    expect(selectMethodChanged(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.exclusion', invoiceId: ids.invoiceA });
    expect(selectExclusionsChanged(actor.getSnapshot())).toBe(true);
    expect(selectUpdateEnabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.exclusion', invoiceId: ids.invoiceA });
    expect(selectUpdateEnabled(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.method', method: { ...modelAutopayMethods[1], displayExtra: { ...modelAutopayMethods[1].displayExtra, verificationRequired: true } } });
    actor.send({ type: 'form.terms', accepted: true });
    expect(selectUpdateEnabled(actor.getSnapshot())).toBe(false);
  });

  it('a failed load retries', async () => {
    let calls = 0;
    const actor = createActor(autopayPageMachine.provide({ actors: { loadAutopayPage: fromPromise(async () => { calls++; if (calls === 1) throw new Error('x'); return modelPageData(null); }) } }), { input: modelAutopayPageInput }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'page.retry' });
    await waitFor(actor, (s) => s.matches({ loaded: 'inactive' }));
  });
});

describe('AutoPay submit', () => {
  const body = { paymentMethodId: ids.card, startDate: '2026-12-01', excludedInvoices: [], epaVersion: '2024-03' };
  it('asks "Set up AutoPay Plus?" for a card with a fee; cancel sends nothing', async () => {
    const create = vi.fn(async () => modelAutopay);
    const goToSetupConfirmation = vi.fn();
    const actor = createActor(autopaySubmitMachine.provide({ actors: { createAutopay: fromPromise(create) }, actions: { goToSetupConfirmation } }), { input: { vendorId: 'v', locationId: 'l' } }).start();
    actor.send({ type: 'autopay.submit', body, fee: true });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'autopay.cancel' });
    expect(create).not.toHaveBeenCalled();
    actor.send({ type: 'autopay.submit', body, fee: true });
    actor.send({ type: 'autopay.confirm' });
    actor.send({ type: 'autopay.submit', body, fee: false }); // ignored while submitting
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(goToSetupConfirmation).toHaveBeenCalledWith(expect.anything(), { autopay: modelAutopay });
  });
  it('fails and can be submitted again', async () => {
    const actor = createActor(autopaySubmitMachine.provide({ actors: { createAutopay: fromPromise<typeof modelAutopay>(async () => { throw new Error('409'); }) as never } }), { input: { vendorId: 'v', locationId: 'l' } }).start();
    actor.send({ type: 'autopay.submit', body, fee: false });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'autopay.submit', body, fee: true });
    expect(actor.getSnapshot().value).toBe('confirming');
  });
});

describe('AutoPay update (two calls, §8)', () => {
  function run(outcome: AutopayUpdateOutcome) {
    const inputs: unknown[] = [];
    const changed = vi.fn();
    const goToUpdateConfirmation = vi.fn();
    const actor = createActor(autopayUpdateMachine.provide({
      actors: { updateAutopay: fromPromise(async ({ input }) => { inputs.push(input); return outcome; }) },
      actions: { changed, goToUpdateConfirmation },
    }), { input: modelAutopayInput }).start();
    return { actor, inputs, changed, goToUpdateConfirmation };
  }
  it('sends both changes after the "Update AutoPay Plus?" modal and goes to updated', async () => {
    const { actor, inputs, goToUpdateConfirmation } = run({ autopay: modelAutopay, methodFailed: false, exclusionsFailed: false });
    actor.send({ type: 'update.submit', method: modelMethodChange, exclusions: modelExclusionChange, fee: true });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'update.confirm' });
    await waitFor(actor, (s) => s.matches('updated'));
    expect(inputs).toEqual([expect.objectContaining({ method: modelMethodChange, exclusions: modelExclusionChange, autopayId: ids.autopay })]);
    expect(goToUpdateConfirmation).toHaveBeenCalledOnce();
  });
  it.each([
    [{ methodFailed: true, exclusionsFailed: false }, 'method'],
    [{ methodFailed: false, exclusionsFailed: true }, 'exclusions'],
    [{ methodFailed: true, exclusionsFailed: true }, 'both'],
  ] as const)('%o → failure %s; a partial success still reports the saved AutoPay', async (flags, failure) => {
    const autopay = flags.methodFailed && flags.exclusionsFailed ? null : modelAutopay;
    const { actor, changed, goToUpdateConfirmation } = run({ autopay, ...flags });
    actor.send({ type: 'update.submit', method: modelMethodChange, exclusions: modelExclusionChange, fee: false });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectUpdateFailure(actor.getSnapshot())).toBe(failure);
    expect(changed).toHaveBeenCalledWith(expect.anything(), { autopay });
    expect(goToUpdateConfirmation).not.toHaveBeenCalled();
  });
  it('ignores a submit without any change', () => {
    const { actor } = run({ autopay: modelAutopay, methodFailed: false, exclusionsFailed: false });
    actor.send({ type: 'update.submit', method: null, exclusions: { excludeInvoiceIds: [], reincludeInvoiceIds: [] }, fee: false });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

describe('AutoPay delete', () => {
  it('confirms, deletes, and reports the deactivation date; a failure can be retried or dismissed', async () => {
    let fail = true;
    const goToDeleteConfirmation = vi.fn();
    const actor = createActor(autopayDeleteMachine.provide({
      actors: { deleteAutopay: fromPromise(async () => { if (fail) throw new Error('x'); return { id: ids.autopay, deactivationDate: '2026-12-01' }; }) },
      actions: { goToDeleteConfirmation },
    }), { input: modelAutopayInput }).start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('deleted'));
    expect(goToDeleteConfirmation).toHaveBeenCalledWith(expect.anything(), { result: { id: ids.autopay, deactivationDate: '2026-12-01' } });
  });
});
