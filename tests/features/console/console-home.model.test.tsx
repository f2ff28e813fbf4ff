// @vitest-environment happy-dom
/**
 * Model-based walk of the console's Home on the REAL page inside the console's frame: the figures as the overview
 * answered them, each payment figure a link to the Payments list filtered as it was counted (status and period), the
 * figures kept while read again; offline and retry. The calls are promises the walk settles.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-home/console-home.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-home/console-home.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadOverview: pendingActor(network.pending, 'overview') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { dollars } from '../../../core/rules/display';
import { consoleHomeMachine } from '../../../machines/console-home/console-home.machine';
import { consoleHomeModelEvents } from '../../../machines/console-home/console-home.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.home;

describe('console Home: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleHomeMachine>;
  const paths = walkPaths<Snapshot>(consoleHomeMachine, consoleHomeModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title });
    if (state.matches('loading')) return void expect(screen.getByRole('status')).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(screen.getByRole('alert')).toHaveTextContent(t.loadFailed);
    const o = state.context.overview!;
    const tile = (name: string) => screen.getByTestId(`home-${name}`);
    await waitFor(() => expect(tile('collectedToday')).toHaveTextContent(dollars(o.collectedToday.amount)));
    expect(tile('collectedToday')).toHaveTextContent(t.payments(o.collectedToday.count));
    expect(tile('collectedToday')).toHaveAttribute('href', `/payments?status=complete&from=${o.periods.today.from}&to=${o.periods.today.to}`);
    expect(tile('collectedThisWeek')).toHaveAttribute('href', `/payments?status=complete&from=${o.periods.week.from}&to=${o.periods.week.to}`);
    expect(tile('scheduled')).toHaveAttribute('href', '/payments?status=scheduled');
    expect(tile('processing')).toHaveAttribute('href', '/payments?status=processing');
    expect(tile('failed')).toHaveAttribute('href', `/payments?status=failed&from=${o.periods.attention.from}&to=${o.periods.attention.to}`);
    expect(tile('returned')).toHaveTextContent(dollars(o.returned.amount));
    expect(tile('disputes')).toHaveTextContent(t.invoicesOf(o.openDisputes));
    expect(tile('disputes')).toHaveAttribute('href', '/disputes?kind=dispute');
    expect(tile('short-pays')).toHaveAttribute('href', '/disputes?kind=short_pay');
    expect(tile('short-pays')).toHaveTextContent(t.invoicesOf(o.openShortPays));
    expect(screen.queryByTestId('home-endpoints-disabled') !== null).toBe(o.webhookEndpoints.disabled > 0);
    if (o.webhookEndpoints.disabled > 0) expect(tile('endpoints-disabled')).toHaveAttribute('href', '/developers');
    const refresh = screen.getByRole('button', { name: state.matches('refreshing') ? t.refreshing : t.refresh });
    if (state.matches('refreshing')) expect(refresh).toHaveAttribute('aria-busy', 'true');
  }

  const drivers = {
    'xstate.done.actor.loadOverview': settleKind(network.pending, 'overview', 'resolve'),
    'xstate.error.actor.loadOverview': settleKind(network.pending, 'overview', 'reject'),
    'xstate.done.actor.refreshOverview': settleKind(network.pending, 'overview', 'resolve'),
    'xstate.error.actor.refreshOverview': settleKind(network.pending, 'overview', 'reject'),
    'home.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
    'home.refresh': async () => { fireEvent.click(screen.getByRole('button', { name: t.refresh })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await runWalk(path, drivers, assertState);
  });

  it('a figure opens the Payments list with the filter it was counted by', async () => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: ['/'] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    const { overviewSample } = await import('../../../machines/console-home/console-home.model');
    const o = overviewSample(3);
    await settleKind(network.pending, 'overview', 'resolve')({ output: o });
    fireEvent.click(await screen.findByTestId('home-failed'));
    await screen.findByRole('heading', { level: 1, name: consoleTexts.payments.title });
    expect(screen.getByLabelText(consoleTexts.payments.status)).toHaveValue('failed');
    expect(within(screen.getByRole('group', { name: consoleTexts.payments.filters })).getByRole('link', { name: consoleTexts.payments.export }).getAttribute('href')).toBe(
      `/vendor-api/payment-groups.csv?order=newest&status=failed&paymentDateFrom=${o.periods.attention.from}&paymentDateTo=${o.periods.attention.to}`,
    );
  });
});
