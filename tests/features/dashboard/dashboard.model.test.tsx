// @vitest-environment happy-dom
/**
 * Model-based walk of the dashboard chart on the REAL dashboard page (router, token guard,
 * location header, tiles). The visit, AutoPay and plan calls are promises the walk settles.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({
  recordVisit: [] as Array<Deferred<unknown>>,
  loadAutopay: [] as Array<Deferred<unknown>>,
  loadPaymentPlans: [] as Array<Deferred<unknown>>,
  visits: [] as unknown[],
}));

vi.mock('../../../machines/dashboard/dashboard.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return {
    ...(await importOriginal<object>()),
    recordVisit: deferredActor(network.recordVisit, network.visits),
    loadAutopay: deferredActor(network.loadAutopay),
    loadPaymentPlans: deferredActor(network.loadPaymentPlans),
  };
});

vi.mock('../../../machines/load/load.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/load/load.actors')>();
  const { vendor, location } = await import('../shell/fixtures');
  const { modelVendorId, modelLocationId } = await import('../../../machines/dashboard/dashboard.model');
  return {
    ...original,
    fetchVendors: async () => [vendor(modelVendorId, 'Coastal Produce Co.')],
    fetchLocations: async () => ({
      [modelLocationId]: location(modelLocationId, modelVendorId, 'Blue Heron Grill'),
      'ffffffff-1111-4222-8333-444444444444': location('ffffffff-1111-4222-8333-444444444444', modelVendorId, 'Harbor Kitchen'),
    }),
  };
});
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));

import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine';
import { dashboardModelEvents, modelLocationId, modelVendorId } from '../../../machines/dashboard/dashboard.model';
import { routes } from '../../../src/app/router';
import { dashboardTexts as t } from '../../../src/features/dashboard/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

type Snapshot = SnapshotFrom<typeof dashboardMachine>;
const input = { vendorId: modelVendorId, locationId: modelLocationId };
const paths = walkPaths<Snapshot>(dashboardMachine, dashboardModelEvents, input);
const base = `/token/${token}/vendors/${modelVendorId}/locations/${modelLocationId}`;

async function next(queue: Array<Deferred<unknown>>): Promise<Deferred<unknown>> {
  await waitFor(() => expect(queue.length).toBeGreaterThan(0));
  return queue.shift()!;
}

beforeAll(async () => {
  await import('../../../src/features/dashboard/dashboard-page');
});

describe('dashboard: model-based walk', () => {
  beforeEach(() => {
    network.recordVisit.length = 0;
    network.loadAutopay.length = 0;
    network.loadPaymentPlans.length = 0;
    network.visits.length = 0;
    window.scrollTo = vi.fn();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [base] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByText('Blue Heron Grill', { selector: 'h1 span' });
    // The page tells its chart it is shown from an effect, once its first render is committed (`page.shown`: a server
    // render never sends it): the visit is recorded just after the heading shows, not in the same tick — once, for
    // this location. (The model's `visit.waiting` is the server's render; in a browser the page leaves it at once.)
    if (!state.matches({ visit: 'waiting' })) await waitFor(() => expect(network.visits).toEqual([input]));
    else expect(network.visits.length).toBeLessThanOrEqual(1);
    const loading = state.matches({ autopay: 'loading' }) || state.matches({ plans: 'loading' });
    if (loading) {
      expect(screen.getByRole('status')).toHaveTextContent(t.loading);
      expect(screen.queryByRole('region', { name: t.tools })).toBeNull();
      return;
    }
    const tools = await screen.findByRole('region', { name: t.tools });
    const autopayOn = state.matches({ autopay: 'loaded' }) && state.context.autopay !== null;
    expect(within(tools).getByRole('link', { name: autopayOn ? t.autopayOn : t.autopay })).toHaveAttribute('href', `${base}/${autopayOn ? 'autopaymanage' : 'autopay'}`);
    const reports = screen.getByRole('region', { name: t.reports });
    const withPlans = state.matches({ plans: 'loaded' }) && state.context.paymentPlans.length > 0;
    expect(within(reports).queryByRole('link', { name: t.paymentPlans }) !== null).toBe(withPlans);
    // Two locations: the change-location bar is there once the location context is loaded.
    expect(screen.getByRole('navigation', { name: t.changeLocation })).toBeInTheDocument();
  }

  const settle = (queue: Array<Deferred<unknown>>, outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    const d = await next(queue);
    await act(async () => (outcome === 'resolve' ? d.resolve(event.output) : d.reject(event.error)));
  };
  const drivers = {
    // sent by the page itself once it is on screen: the walk waits for what it causes, the visit's call
    'page.shown': async () => { await waitFor(() => expect(network.visits).toEqual([input])); },
    'xstate.done.actor.recordVisit': settle(network.recordVisit, 'resolve'),
    'xstate.error.actor.recordVisit': settle(network.recordVisit, 'reject'),
    'xstate.done.actor.loadAutopay': settle(network.loadAutopay, 'resolve'),
    'xstate.error.actor.loadAutopay': settle(network.loadAutopay, 'reject'),
    'xstate.done.actor.loadPaymentPlans': settle(network.loadPaymentPlans, 'resolve'),
    'xstate.error.actor.loadPaymentPlans': settle(network.loadPaymentPlans, 'reject'),
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
