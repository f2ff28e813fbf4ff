// @vitest-environment happy-dom
/**
 * Model-based walks of the plan update chart on the REAL `.../plans/{planId}/update` page and of the plan setup chart
 * on the REAL `.../planrequests/{requestId}` page. Loads and calls are promises the walk settles; every step is
 * driven through the page (method radio, the box, Update / "Update payment plan?", Set Up Payment Plan, Try again)
 * and every state is asserted on it.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleLatest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

type CallName = 'loadPlan' | 'updatePaymentPlan' | 'loadPlanRequest' | 'createPaymentPlan';
const network = vi.hoisted(() => ({ calls: { loadPlan: [], updatePaymentPlan: [], loadPlanRequest: [], createPaymentPlan: [] } as Record<CallName, PendingCall[]> }));

vi.mock('../../../machines/payment-plans/payment-plans.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/payment-plans/payment-plans.actors')>();
  const { pendingActor } = await import('../model-walk');
  const pending = (name: CallName) => pendingActor(network.calls[name], name);
  return { ...original, loadPlan: pending('loadPlan'), updatePaymentPlan: pending('updatePaymentPlan'), loadPlanRequest: pending('loadPlanRequest'), createPaymentPlan: pending('createPaymentPlan') };
});

import { canUpdatePlan, planUpdateMachine } from '../../../machines/payment-plans/plan-update.machine';
import { canSetUp, planSetupMachine } from '../../../machines/payment-plans/plan-setup.machine';
import { modelEpa, modelPlanIds, modelPlanRequestData, modelPlans, modelPlanSetupInput, modelPlanUpdateInput, planSetupModelEvents, planUpdateModelEvents } from '../../../machines/payment-plans/payment-plans.model';
import { routes } from '../../../src/app/router';
import { planTexts as t } from '../../../src/features/payment-plans/texts';
import { base, handlers, resetWorld } from '../autopay/world';

configure({ asyncUtilTimeout: 8000 });
const server = setupServer(...handlers);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await Promise.all([import('../../../src/features/payment-plans/plan-update-page'), import('../../../src/features/payment-plans/plan-request-page')]);
});
afterAll(() => server.close());

const settle = (name: CallName) => settleLatest(network.calls[name]);

/** A fresh world with no calls, then the page at `pagePath` until its heading shows; the user to drive it. */
async function openPage(pagePath: string, heading: RegExp) {
  resetWorld();
  for (const list of Object.values(network.calls)) list.length = 0;
  localStorage.clear(); // the last used method (stored by a successful update) would be picked by the picker
  window.scrollTo = vi.fn();
  const user = userEvent.setup();
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [pagePath] })} />);
  await screen.findByRole('heading', { name: heading });
  return user;
}

type UpdateSnapshot = SnapshotFrom<typeof planUpdateMachine>;
const updatePaths = walkPaths<UpdateSnapshot>(planUpdateMachine, planUpdateModelEvents, modelPlanUpdateInput);

describe('plan update: model-based walk on the update page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(async () => {
    user = await openPage(`${base}/plans/${modelPlanIds.planB}/update`, new RegExp(t.updateMethod));
  });
  afterEach(() => cleanup());

  const modal = () => screen.getByRole('alertdialog', { name: t.updateModal.title });
  async function assertState(state: UpdateSnapshot) {
    if (state.matches('loading')) { expect(await screen.findByText(t.loading)).toBeInTheDocument(); return; }
    if (state.matches('updated')) { await screen.findByRole('heading', { name: new RegExp(t.updated) }); return; }
    if (state.matches('failed')) { expect(await screen.findByRole('alert')).toHaveTextContent(state.context.notFound ? t.notFound : t.loadFailed); return; }
    if (state.matches({ loaded: 'inactive' })) {
      expect(await screen.findByText(t.inactive)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: t.update })).toBeNull();
      return;
    }
    if (state.matches({ loaded: { ready: 'confirming' } })) { expect(await screen.findByRole('alertdialog', { name: t.updateModal.title })).toHaveTextContent('Visa Business 4821'); return; }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const update = await screen.findByRole('button', { name: t.update });
    if (state.matches({ loaded: { ready: 'submitting' } })) { await waitFor(() => expect(update).toHaveAttribute('aria-busy', 'true')); return; }
    await waitFor(() => (canUpdatePlan(state.context) ? expect(update).toBeEnabled() : expect(update).toBeDisabled()));
    if (state.matches({ loaded: { ready: 'failed' } })) expect(screen.getByRole('alert')).toHaveTextContent(t.updateFailed);
    else expect(screen.queryByRole('alert')).toBeNull();
  }
  const drivers = {
    'form.method': async () => user.click(await screen.findByRole('radio', { name: /Visa Busin/ })),
    'form.terms': async () => user.click(screen.getByRole('checkbox', { name: t.terms })),
    'plan.update': async () => user.click(screen.getByRole('button', { name: t.update })),
    'plan.confirm': async () => user.click(within(modal()).getByRole('button', { name: t.update })),
    'plan.cancel': async () => user.click(within(modal()).getByRole('button', { name: t.cancel })),
    'plan.retryLoad': async () => user.click(screen.getByRole('button', { name: t.retry })),
    'xstate.done.actor.loadPlan': settle('loadPlan'),
    'xstate.error.actor.loadPlan': settle('loadPlan'),
    'xstate.done.actor.updatePaymentPlan': settle('updatePaymentPlan'),
    'xstate.error.actor.updatePaymentPlan': settle('updatePaymentPlan'),
  } satisfies Drivers;

  it.each(updatePaths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
    for (const { input } of network.calls.updatePaymentPlan ?? []) expect(input).toMatchObject({ planId: modelPlanIds.planB, paymentMethodId: modelPlanIds.card, epaVersion: '2024-03' });
  });
});

describe('plan pages: the terms checkbox links the agreement (core §2: a new tab)', () => {
  beforeEach(() => {
    resetWorld();
    for (const list of Object.values(network.calls)) list.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
  });
  afterEach(() => cleanup());

  const expectAgreementLink = async (terms: { version: string; filename: string }) => {
    const link = await screen.findByRole('link', { name: t.termsLink });
    expect(link).toHaveAttribute('href', `/static/epa/${terms.version}/${terms.filename}`);
    expect(link).toHaveAttribute('target', '_blank');
  };

  it('update page: with the plan’s bank account shown as chosen (nothing picked yet)', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/plans/${modelPlanIds.planB}/update`] })} />);
    await settle('loadPlan')({ type: 'xstate.done.actor.loadPlan', output: { plan: modelPlans.find((p) => p.id === modelPlanIds.planB)!, epa: modelEpa } });
    expect(await screen.findByRole('radio', { name: /Operating/ })).toBeChecked();
    await expectAgreementLink(modelEpa['direct-ach']);
    expect(screen.getByRole('button', { name: t.update })).toBeDisabled();
  });

  it('update page of a paused plan (its bank account returned as closed): the pause is said, as a status, above the method choice', async () => {
    const plan = modelPlans.find((p) => p.id === modelPlanIds.planB)!;
    const message = 'Paused: the bank returned a payment from Operating 6789 (account closed). Nothing will be charged until you choose another payment method.';
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/plans/${modelPlanIds.planB}/update`] })} />);
    await settle('loadPlan')({ type: 'xstate.done.actor.loadPlan', output: { plan: { ...plan, paused: { code: 'R02', message, since: '2026-12-01T15:00:00Z' } }, epa: modelEpa } });
    expect(await screen.findByRole('status')).toHaveTextContent(message);
  });

  it('update page of an active plan that is not paused says nothing of the kind', async () => {
    const plan = modelPlans.find((p) => p.id === modelPlanIds.planB)!;
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/plans/${modelPlanIds.planB}/update`] })} />);
    await settle('loadPlan')({ type: 'xstate.done.actor.loadPlan', output: { plan: { ...plan, paused: null }, epa: modelEpa } });
    await screen.findByRole('radio', { name: /Operating/ });
    expect(screen.queryByTestId('plan-paused')).toBeNull();
  });

  it('plan request page: with the first usable method (the bank account)', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/planrequests/${modelPlanIds.request}`] })} />);
    await settle('loadPlanRequest')({ type: 'xstate.done.actor.loadPlanRequest', output: modelPlanRequestData });
    await expectAgreementLink(modelEpa['direct-ach']);
  });

  it('plan request page: with the bank account, an installment on a bank holiday is shown on the next business day', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/planrequests/${modelPlanIds.request}`] })} />);
    await settle('loadPlanRequest')({ type: 'xstate.done.actor.loadPlanRequest', output: { ...modelPlanRequestData, holidays: ['2026-12-14'] } });
    expect(await screen.findByRole('radio', { name: /Operating/ })).toBeChecked();
    // weekly from Monday 12/7/26; the second Monday is a holiday here
    await waitFor(() => expect(screen.getAllByTestId('schedule-row').map((r) => r.textContent)).toEqual([
      expect.stringContaining('MON 12/7/26'), expect.stringContaining('TUE 12/15/26'), expect.stringContaining('MON 12/21/26'), expect.stringContaining('MON 12/28/26'),
    ]));
  });
});

type SetupSnapshot = SnapshotFrom<typeof planSetupMachine>;
const setupPaths = walkPaths<SetupSnapshot>(planSetupMachine, planSetupModelEvents, modelPlanSetupInput);

describe('plan setup: model-based walk on the plan request page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(async () => {
    user = await openPage(`${base}/planrequests/${modelPlanIds.request}`, new RegExp(t.planFor));
  });
  afterEach(() => cleanup());

  const setUp = () => screen.getByRole('button', { name: t.request.setUp });
  async function assertState(state: SetupSnapshot) {
    if (state.matches('loading')) { expect(await screen.findByText(t.loading)).toBeInTheDocument(); return; }
    if (state.matches('confirmed')) { await screen.findByRole('heading', { name: new RegExp(t.request.confirmed) }); return; }
    if (state.matches('failed')) { expect(await screen.findByRole('alert')).toHaveTextContent(t.request.loadFailed); return; }
    if (state.matches({ loaded: 'closed' })) { expect(await screen.findByText(t.request.closed)).toBeInTheDocument(); return; }
    expect(await screen.findByTestId('plan-nickname')).toHaveTextContent('Spring balance');
    // 1,000.00 in 250.00 weekly installments (no fee with the bank account).
    expect(screen.getByTestId('total-amount')).toHaveTextContent('$1,000.00');
    if (state.matches({ loaded: { ready: 'submitting' } })) { await waitFor(() => expect(setUp()).toHaveAttribute('aria-busy', 'true')); return; }
    // The picker settles on the first usable method (the bank account) by itself, as the model's form.method does.
    await waitFor(() => (canSetUp({ ...state.context, method: state.context.method ?? { id: modelPlanIds.bank, provider: 'direct-ach', type: 'ACH', displayExtra: { name: 'Operating Checking', lastFour: '6789', serviceFee: null, verificationRequired: false } } })
      ? expect(setUp()).toBeEnabled() : expect(setUp()).toBeDisabled()));
    if (state.matches({ loaded: { ready: 'failed' } })) expect(screen.getByRole('alert')).toHaveTextContent(t.request.failed);
    else expect(screen.queryByRole('alert')).toBeNull();
  }
  const drivers = {
    'form.method': async () => user.click(await screen.findByRole('radio', { name: /Operating/ })),
    'form.terms': async () => user.click(screen.getByRole('checkbox', { name: t.terms })),
    'plan.setup': async () => user.click(setUp()),
    'plan.retryLoad': async () => user.click(screen.getByRole('button', { name: t.retry })),
    'xstate.done.actor.loadPlanRequest': settle('loadPlanRequest'),
    'xstate.error.actor.loadPlanRequest': settle('loadPlanRequest'),
    'xstate.done.actor.createPaymentPlan': settle('createPaymentPlan'),
    'xstate.error.actor.createPaymentPlan': settle('createPaymentPlan'),
  } satisfies Drivers;

  it.each(setupPaths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
    for (const { input } of network.calls.createPaymentPlan ?? []) expect(input).toMatchObject({ requestId: modelPlanIds.request, paymentMethodId: modelPlanIds.bank, epaVersion: '2024-01' });
  });
});
