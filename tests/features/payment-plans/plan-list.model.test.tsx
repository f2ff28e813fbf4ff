// @vitest-environment happy-dom
/**
 * Model-based walk of the plan list chart on the REAL plans page: the plans load is a promise the walk settles with
 * none / one / several visible plans or a failure; each state is asserted on what the user sees — the report rows, the
 * failure text with Try again, the redirect to the only plan's page or to the dashboard.
 */
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleLatest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ loads: [] as PendingCall[] }));

vi.mock('../../../machines/payment-plans/payment-plans.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/payment-plans/payment-plans.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadPaymentPlans: pendingActor(network.loads, 'load') };
});

import { planListMachine } from '../../../machines/payment-plans/plan-list.machine';
import { modelPlanListInput, planListModelEvents } from '../../../machines/payment-plans/payment-plans.model';
import { routes } from '../../../src/app/router';
import { planTexts as t } from '../../../src/features/payment-plans/texts';
import { base, handlers, resetWorld, world } from '../autopay/world';

configure({ asyncUtilTimeout: 8000 });
const server = setupServer(...handlers, http.post('*/api/vendors/:v/locations/:l/visits', () => new HttpResponse(null, { status: 204 })));

type Snapshot = SnapshotFrom<typeof planListMachine>;
const paths = walkPaths<Snapshot>(planListMachine, planListModelEvents, modelPlanListInput);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/payment-plans/plans-page');
});
afterAll(() => server.close());

describe('plan list: model-based walk on the plans page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(async () => {
    resetWorld();
    network.loads.length = 0;
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/plans`] })} />);
    await screen.findByRole('heading', { name: new RegExp(t.listTitle) });
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    if (state.matches('loading')) {
      expect(await screen.findByText(t.loading)).toBeInTheDocument();
    } else if (state.matches('failed')) {
      expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
      // Nothing was loaded: nothing to export or print, so neither button is offered.
      expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    } else if (state.matches('list')) {
      const rows = await screen.findAllByTestId('plan-row');
      // Name order, statuses as shown (§2.3).
      expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/Equipment lease.*Completed/), expect.stringMatching(/Winter catch-up.*Open.*Bi-Weekly/)]);
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    } else if (state.matches('toPlan')) {
      // The only visible plan's page (its data from the same plans answer, served by MSW).
      world.plans = state.context.plans;
      expect(await screen.findByRole('heading', { name: state.context.plans[0].name })).toBeInTheDocument();
    } else if (state.matches('toRoot')) {
      await screen.findByRole('heading', { name: /Dashboard for/ });
    }
  }

  const settle = settleLatest(network.loads);
  const drivers = {
    'plans.retry': async () => user.click(screen.getByRole('button', { name: t.retry })),
    'xstate.done.actor.loadPaymentPlans': async (event: { type: string; output: typeof world.plans }) => {
      world.plans = event.output; // what the plan page will load after a redirect
      await settle(event);
    },
    'xstate.error.actor.loadPaymentPlans': settle,
  } satisfies Drivers;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
  });
});
