// @vitest-environment happy-dom
/**
 * Model-based walks of the console's Payments list and payment page on the REAL pages inside the console's frame:
 * filters, pages and the CSV link of the same filter; a payment's summary, lines and refunds, a refund in full or of an
 * amount and a cancellation, each after its confirmation, the server's refusal in its words. The calls are promises the
 * walks settle; the frame's session (an admin) is answered first.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, settleNewest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-payments/console-payments.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-payments/console-payments.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  return {
    ...original,
    loadPayments: fromPromise(({ input }: { input: { cursor: string | null } }) => {
      const d = deferred<unknown>();
      network.pending.push({ kind: input.cursor ? 'more' : 'list', input, d });
      return d.promise as Promise<never>;
    }),
  };
});
vi.mock('../../../machines/console-payment/console-payment.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-payment/console-payment.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadPayment: pendingActor(network.pending, 'payment'), createRefund: pendingActor(network.pending, 'refund'), cancelPayment: pendingActor(network.pending, 'cancel') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { dollars, shortDate } from '../../../core/rules/display';
import { centsToAmount } from '../../../core/rules/money';
import { paymentsCsvHref } from '../../../machines/console-payments/console-payments.actors';
import { consolePaymentsMachine } from '../../../machines/console-payments/console-payments.machine';
import { consolePaymentsModelEvents } from '../../../machines/console-payments/console-payments.model';
import { consolePaymentMachine, refundableCents } from '../../../machines/console-payment/console-payment.machine';
import { consolePaymentModelEvents, paymentModelInput } from '../../../machines/console-payment/console-payment.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.payments;
const pt = consoleTexts.payment;


async function open(url: string) {
  network.pending.length = 0;
  render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: [url] })} />);
  await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
}

describe('console Payments list: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consolePaymentsMachine>;
  const paths = walkPaths<Snapshot>(consolePaymentsMachine, consolePaymentsModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title });
    const { filter, groups, hasMore, moreFailed } = state.context;
    expect(screen.getByLabelText(t.status)).toHaveValue(filter.status);
    expect(screen.getByRole('link', { name: t.export })).toHaveAttribute('href', paymentsCsvHref(filter));
    if (state.matches('loading')) return void expect(screen.getByRole('status')).toHaveTextContent(t.loading);
    if (state.matches('failed')) return void expect(screen.getByRole('alert')).toHaveTextContent(t.loadFailed);
    if (groups.length === 0) return void expect(screen.getByText(t.none)).toBeInTheDocument();
    const rows = () => screen.getAllByTestId('payment-row');
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(groups.map((g) => g.id)));
    const first = within(rows()[0]!);
    expect(first.getByRole('link', { name: groups[0]!.confirmationNumber })).toHaveAttribute('href', `/payments/${groups[0]!.id}`);
    expect(rows()[0]).toHaveTextContent(dollars(groups[0]!.total));
    expect(rows()[0]).toHaveTextContent(shortDate(groups[0]!.paymentDate));
    if (moreFailed) expect(screen.getByRole('alert')).toHaveTextContent(t.moreFailed);
    const more = screen.queryByRole('button', { name: t.more });
    expect(Boolean(more)).toBe(hasMore);
  }

  const drivers = {
    'xstate.done.actor.loadPayments': settleNewest(network.pending, 'list', 'resolve'),
    'xstate.error.actor.loadPayments': settleNewest(network.pending, 'list', 'reject'),
    'xstate.done.actor.loadMorePayments': settleNewest(network.pending, 'more', 'resolve'),
    'xstate.error.actor.loadMorePayments': settleNewest(network.pending, 'more', 'reject'),
    'filter.change': async (e: { field: string; value: string }) => {
      const label = { status: t.status, from: t.from, to: t.to, method: t.method }[e.field]!;
      fireEvent.change(screen.getByLabelText(label), { target: { value: e.value } });
    },
    'payments.more': async () => { fireEvent.click(screen.getByRole('button', { name: t.more })); },
    'payments.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open('/payments');
    await runWalk(path, drivers, assertState);
  });
});

describe('console payment page: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consolePaymentMachine>;
  const paths = walkPaths<Snapshot>(consolePaymentMachine, consolePaymentModelEvents as never, paymentModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const { group, refunds, problem, notice, refund, cancelReason } = state.context;
    if (state.matches('loading')) return void expect(await screen.findByRole('status')).toHaveTextContent(pt.loading);
    if (state.matches('failed')) return void expect(await screen.findByRole('alert')).toHaveTextContent(pt.loadFailed);
    if (state.matches('notFound')) return void expect(await screen.findByRole('alert')).toHaveTextContent(pt.notFound);
    await screen.findByRole('heading', { level: 1, name: pt.title(group!.confirmationNumber), hidden: true });
    const dialogOpen = state.matches('refunding') || state.matches('canceling');
    expect(screen.getByTestId('payment-status')).toHaveTextContent(t.statuses[group!.status]!);
    expect(screen.queryAllByTestId('refund')).toHaveLength(refunds.length);
    if (state.matches('refunding')) {
      const dialog = await screen.findByRole('dialog', { name: pt.refundTitle });
      expect(within(dialog).getByRole('radio', { name: pt.refundFull(dollars(centsToAmount(refundableCents(group, refunds)))) })).toHaveProperty('checked', refund.kind === 'full');
      if (refund.kind === 'amount') expect(within(dialog).getByLabelText(pt.amountLabel)).toHaveValue(refund.amount);
      expect(within(dialog).getByLabelText(pt.reasonLabel)).toHaveValue(refund.reason);
      const confirm = within(dialog).getByRole('button', { name: pt.confirmRefund });
      if (state.matches({ refunding: 'sending' })) expect(confirm).toHaveAttribute('aria-busy', 'true');
      if (problem) expect(within(dialog).getByRole('alert')).toHaveTextContent(problem);
    } else if (state.matches('canceling')) {
      const dialog = await screen.findByRole('alertdialog', { name: pt.cancelTitle });
      expect(within(dialog).getByLabelText(pt.cancelReasonLabel)).toHaveValue(cancelReason);
      if (problem) expect(within(dialog).getByRole('alert')).toHaveTextContent(problem);
    } else {
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      if (notice) expect(screen.getByRole('status')).toHaveTextContent(pt.notices[notice]!);
    }
    if (!dialogOpen) {
      expect(Boolean(screen.queryByRole('button', { name: pt.refund }))).toBe(group!.status === 'complete' && refundableCents(group, refunds) > 0);
      expect(Boolean(screen.queryByRole('button', { name: pt.cancel }))).toBe(group!.status === 'scheduled');
    }
  }

  const inDialog = () => screen.queryByRole('dialog') ?? screen.getByRole('alertdialog');
  const drivers = {
    'xstate.done.actor.loadPayment': settleKind(network.pending, 'payment', 'resolve'),
    'xstate.error.actor.loadPayment': settleKind(network.pending, 'payment', 'reject'),
    'xstate.done.actor.createRefund': settleKind(network.pending, 'refund', 'resolve'),
    'xstate.error.actor.createRefund': settleKind(network.pending, 'refund', 'reject'),
    'xstate.done.actor.cancelPayment': settleKind(network.pending, 'cancel', 'resolve'),
    'xstate.error.actor.cancelPayment': settleKind(network.pending, 'cancel', 'reject'),
    'payment.retry': async () => { fireEvent.click(screen.getByRole('button', { name: pt.retry })); },
    'refund.open': async () => { fireEvent.click(screen.getByRole('button', { name: pt.refund })); },
    'refund.change': async (e: { field: string; value: string }) => {
      const dialog = inDialog();
      if (e.field === 'kind') fireEvent.click(within(dialog).getByRole('radio', { name: e.value === 'amount' ? pt.refundAmount : /Everything still refundable/ }));
      else fireEvent.change(within(dialog).getByLabelText(e.field === 'amount' ? pt.amountLabel : pt.reasonLabel), { target: { value: e.value } });
    },
    'refund.submit': async () => { fireEvent.click(within(inDialog()).getByRole('button', { name: pt.confirmRefund })); },
    'cancel.open': async () => { fireEvent.click(screen.getByRole('button', { name: pt.cancel })); },
    'cancel.change': async (e: { value: string }) => { fireEvent.change(within(inDialog()).getByLabelText(pt.cancelReasonLabel), { target: { value: e.value } }); },
    'cancel.submit': async () => { fireEvent.click(within(inDialog()).getByRole('button', { name: pt.confirmCancel })); },
    'dialog.close': async () => {
      const dialog = inDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: dialog.getAttribute('role') === 'alertdialog' ? pt.keep : pt.close }));
    },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open(`/payments/${paymentModelInput.paymentGroupId}`);
    await runWalk(path, drivers, assertState);
  });
});

