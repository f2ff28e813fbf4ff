import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { planListMachine } from '../../machines/payment-plans/plan-list.machine';
import { planSetupMachine } from '../../machines/payment-plans/plan-setup.machine';
import { planUpdateMachine } from '../../machines/payment-plans/plan-update.machine';
import { PlanNotFoundError, type PaymentPlan } from '../../machines/payment-plans/payment-plans.actors';
import {
  modelEpa, modelPlan, modelPlanIds as ids, modelPlanListInput, modelPlanMethods, modelPlanRequest, modelPlanRequestData, modelPlanSetupInput, modelPlanUpdateInput, modelPlans,
} from '../../machines/payment-plans/payment-plans.model';
import { selectPlanPageStatus, selectPlanTerms, selectPlanUpdateEnabled, selectProposedPlan, selectSetupEnabled } from '../../machines/payment-plans/payment-plans.selectors';

function list(plans: PaymentPlan[], cameFromPlanId: string | null = null) {
  const redirectToPlanOrRoot = vi.fn();
  const actor = createActor(planListMachine.provide({ actors: { loadPaymentPlans: fromPromise(async () => plans) }, actions: { redirectToPlanOrRoot } }), { input: { ...modelPlanListInput, cameFromPlanId } }).start();
  return { actor, redirectToPlanOrRoot };
}

describe('plan list redirects (§2.3)', () => {
  it('no plans → root', async () => {
    const { actor, redirectToPlanOrRoot } = list([]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(redirectToPlanOrRoot).toHaveBeenCalledWith(expect.anything(), { planId: null });
  });
  it('one visible plan → that plan; came from it → root', async () => {
    const deleted = modelPlan(ids.planA, 'Old', { paymentMethod: { ...modelPlanMethods[0], deletedAt: '2026-01-01T00:00:00Z' } });
    const a = list([modelPlans[0], deleted]);
    await waitFor(a.actor, (s) => s.status === 'done');
    expect(a.redirectToPlanOrRoot).toHaveBeenCalledWith(expect.anything(), { planId: ids.planB });
    const b = list([modelPlans[0]], ids.planB);
    await waitFor(b.actor, (s) => s.status === 'done');
    expect(b.redirectToPlanOrRoot).toHaveBeenCalledWith(expect.anything(), { planId: null });
  });
  it('several plans stay as a list sorted by name', async () => {
    const { actor, redirectToPlanOrRoot } = list(modelPlans);
    await waitFor(actor, (s) => s.matches('list'));
    expect(actor.getSnapshot().context.plans.map((p) => p.name)).toEqual(['Equipment lease', 'Winter catch-up']);
    expect(redirectToPlanOrRoot).not.toHaveBeenCalled();
  });
});

describe('plan update', () => {
  function plan(output: () => Promise<{ plan: PaymentPlan; epa: typeof modelEpa }>, update = vi.fn(async () => modelPlans[0])) {
    const goToUpdateConfirmation = vi.fn();
    const actor = createActor(planUpdateMachine.provide({ actors: { loadPlan: fromPromise(output) as never, updatePaymentPlan: fromPromise(update) as never }, actions: { goToUpdateConfirmation } }), { input: modelPlanUpdateInput }).start();
    return { actor, goToUpdateConfirmation, update };
  }
  it('needs a different verified method and the box; asks "Update payment plan?"; success goes on', async () => {
    const { actor, goToUpdateConfirmation, update } = plan(async () => ({ plan: modelPlans[0], epa: modelEpa }));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'form.method', method: modelPlanMethods[0] }); // its current method
    actor.send({ type: 'form.terms', accepted: true });
    expect(selectPlanUpdateEnabled(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.method', method: modelPlanMethods[1] });
    expect(actor.getSnapshot().context.termsAccepted).toBe(false); // other terms version
    actor.send({ type: 'form.terms', accepted: true });
    expect(selectPlanUpdateEnabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'plan.update' });
    actor.send({ type: 'plan.cancel' });
    actor.send({ type: 'plan.update' });
    actor.send({ type: 'plan.confirm' });
    await waitFor(actor, (s) => s.matches('updated'));
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ input: expect.objectContaining({ paymentMethodId: ids.card, epaVersion: '2024-03', planId: ids.planB }) }));
    expect(goToUpdateConfirmation).toHaveBeenCalledOnce();
  });
  it("offers the agreement of the plan's current method before another is chosen (a link from the start)", async () => {
    const { actor } = plan(async () => ({ plan: modelPlans[0], epa: modelEpa }));
    await waitFor(actor, (s) => s.matches('loaded'));
    const provider = modelPlans[0].paymentMethod.provider;
    expect(selectPlanTerms(actor.getSnapshot())).toEqual((modelEpa as Record<string, unknown>)[provider]);
    expect(selectPlanTerms(actor.getSnapshot())).not.toBeNull();
  });
  it('completed plans offer no update; an unknown plan is not found', async () => {
    const a = plan(async () => ({ plan: modelPlans[1], epa: modelEpa }));
    await waitFor(a.actor, (s) => s.matches('loaded'));
    expect(selectPlanPageStatus(a.actor.getSnapshot())).toBe('inactive');
    const b = plan(async () => { throw new PlanNotFoundError(); });
    await waitFor(b.actor, (s) => s.matches('failed'));
    expect(selectPlanPageStatus(b.actor.getSnapshot())).toBe('notFound');
  });
});

describe('plan setup', () => {
  it('is enabled with a verified method and the box; sends vendor, request, method, terms version', async () => {
    const create = vi.fn(async (_args: { input: unknown }) => ({ paymentMethod: modelPlanMethods[0], paymentPlan: modelPlans[0] }));
    const goToSetupConfirmation = vi.fn();
    const actor = createActor(planSetupMachine.provide({ actors: { loadPlanRequest: fromPromise(async () => modelPlanRequestData), createPaymentPlan: fromPromise(create) as never }, actions: { goToSetupConfirmation } }), { input: modelPlanSetupInput }).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectSetupEnabled(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.method', method: { ...modelPlanMethods[0], displayExtra: { ...modelPlanMethods[0].displayExtra, verificationRequired: true } } });
    actor.send({ type: 'form.terms', accepted: true });
    expect(selectSetupEnabled(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'form.method', method: modelPlanMethods[0] });
    expect(selectSetupEnabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'plan.setup' });
    actor.send({ type: 'plan.setup' });
    await waitFor(actor, (s) => s.matches('confirmed'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(goToSetupConfirmation).toHaveBeenCalledOnce();
    expect(create.mock.calls[0][0]).toMatchObject({ input: { vendorId: modelPlanSetupInput.vendorId, requestId: ids.request, paymentMethodId: ids.bank, epaVersion: '2024-01' } });
  });
  it('the proposed plan’s amounts with fees follow the card’s funding (issue 20): a debit or prepaid card adds none', async () => {
    const actor = createActor(planSetupMachine.provide({ actors: { loadPlanRequest: fromPromise(async () => modelPlanRequestData) } }), { input: modelPlanSetupInput }).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    const card = modelPlanMethods[1]; // Visa Business, 2.9 %
    actor.send({ type: 'form.method', method: { ...card, displayExtra: { ...card.displayExtra, cardFunding: 'credit' } } });
    const credit = selectProposedPlan(actor.getSnapshot());
    expect(credit.each.feeCents).toBeGreaterThan(0);
    for (const cardFunding of ['debit', 'prepaid'] as const) {
      actor.send({ type: 'form.method', method: { ...card, displayExtra: { ...card.displayExtra, cardFunding } } });
      const proposed = selectProposedPlan(actor.getSnapshot());
      expect(proposed.each, cardFunding).toMatchObject({ feeCents: 0, totalCents: credit.each.subtotalCents });
      expect(proposed.totalCents, cardFunding).toBe(proposed.rows.reduce((sum, r) => sum + r.paymentAmountCents, 0));
    }
  });

  it('a completed request is closed', async () => {
    const actor = createActor(planSetupMachine.provide({ actors: { loadPlanRequest: fromPromise(async () => ({ ...modelPlanRequestData, request: { ...modelPlanRequest, status: 'complete' as const } })) as never } }), { input: modelPlanSetupInput }).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().matches({ loaded: 'closed' })).toBe(true);
  });
});
