// @vitest-environment happy-dom
/**
 * Model-based walk of "What they set up" on the REAL customer page inside the console's frame: the customer's AutoPay
 * (its method, start, what it leaves out, who set it up), its plans (a paused one says why, in the customer's words),
 * its saved methods by name, brand, last four and expiry with whether they can pay, its statement delivery in words;
 * a refresh that finds nothing set up any more, or fails and keeps what was shown; offline and retry; a location that
 * is not the vendor's shows nothing. The calls are promises the walk settles.
 */
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-account/console-account.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-account/console-account.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadAccount: pendingActor(network.pending, 'account') };
});
vi.mock('../../../machines/console-customer/console-customer.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-customer/console-customer.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadCustomer: pendingActor(network.pending, 'customer') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { formatCurrency } from '../../../core/rules/dollars';
import { shortDate } from '../../../core/rules/display';
import { amountToCents } from '../../../core/rules/money';
import { consoleAccountMachine } from '../../../machines/console-account/console-account.machine';
import { accountModelInput, consoleAccountModelEvents } from '../../../machines/console-account/console-account.model';
import { customerSample } from '../../../machines/console-customer/console-customer.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.account;

describe('console customer account: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleAccountMachine>;
  const paths = walkPaths<Snapshot>(consoleAccountMachine, consoleAccountModelEvents as never, accountModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: customerSample.displayName });
    if (state.matches('gone')) return void expect(screen.queryByRole('region', { name: t.title })).toBeNull();
    const panel = within(await screen.findByRole('region', { name: t.title }));
    if (state.matches('loading')) return void expect(panel.getByRole('status')).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(panel.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    const { account } = state.context;
    const a = account!;
    if (a.autopay) {
      const facts = panel.getByTestId('account-autopay');
      expect(facts).toHaveTextContent(`${a.autopay.method.name} (…${a.autopay.method.lastFour})`);
      expect(facts).toHaveTextContent(shortDate(a.autopay.startDate));
      expect(facts).toHaveTextContent(a.autopay.contact.name);
      expect(facts).toHaveTextContent(t.autopay.status[a.autopay.status]!);
    } else expect(panel.getByText(t.noAutopay)).toBeInTheDocument();
    if (a.paymentPlans.length === 0) expect(panel.getByText(t.noPlans)).toBeInTheDocument();
    else {
      const rows = panel.getAllByTestId('plan-row');
      expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(a.paymentPlans.map((p) => p.id));
      a.paymentPlans.forEach((p, i) => {
        expect(rows[i]).toHaveTextContent(p.name);
        expect(rows[i]).toHaveTextContent(formatCurrency(amountToCents(p.eachAmount)));
        if (p.pausedBecause) expect(rows[i]).toHaveTextContent(p.pausedBecause);
        else expect(rows[i]).toHaveTextContent(t.planStatus[p.status]!);
      });
    }
    if (a.paymentMethods.length === 0) expect(panel.getByText(t.noMethods)).toBeInTheDocument();
    else {
      const rows = panel.getAllByTestId('method-row');
      expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(a.paymentMethods.map((m) => m.id));
      a.paymentMethods.forEach((m, i) => {
        expect(rows[i]).toHaveTextContent(m.lastFour);
        if (m.expires) expect(rows[i]).toHaveTextContent(m.expires);
        expect(rows[i]).toHaveTextContent(t.methodState(m));
      });
    }
    if (a.statementDeliveries.length === 0) expect(panel.getByText(t.noDeliveries)).toBeInTheDocument();
    else for (const d of a.statementDeliveries) expect(panel.getByTestId('account-deliveries')).toHaveTextContent(t.deliveryLine(d.contact.name, t.schedule(d.scheduleUnit, d.scheduleValue), t.empties(d.sendEmptyStatements), shortDate(d.activeFrom)));
  }

  const drivers = {
    'xstate.done.actor.loadAccount': settleKind(network.pending, 'account', 'resolve'),
    'xstate.error.actor.loadAccount': settleKind(network.pending, 'account', 'reject'),
    'xstate.done.actor.refreshAccount': settleKind(network.pending, 'account', 'resolve'),
    'xstate.error.actor.refreshAccount': settleKind(network.pending, 'account', 'reject'),
    'account.retry': async () => { fireEvent.click(within(screen.getByRole('region', { name: t.title })).getByRole('button', { name: t.retry })); },
    'account.refresh': async () => { fireEvent.click(within(screen.getByRole('region', { name: t.title })).getByRole('button', { name: t.refresh })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: [`/customers/${customerSample.id}`] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await settleKind(network.pending, 'customer', 'resolve')({ output: { location: customerSample, contacts: [] } });
    await runWalk(path, drivers, assertState);
  });
});
