// @vitest-environment happy-dom
/**
 * Model-based walks of the payment report and the payment detail on the REAL pages (router, token guard, location
 * frame, DataTable): each load is a promise the walk settles.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk, settle } from '../model-walk';

const network = vi.hoisted(() => ({ groups: [] as Array<Deferred<unknown>>, detail: [] as Array<Deferred<unknown>>, calls: [] as unknown[] }));

vi.mock('../../../machines/reports/reports.actors', async (importOriginal) => {
  const { deferredCall } = await import('../model-walk');
  return { ...(await importOriginal<object>()), fetchReportPaymentGroups: deferredCall(network.groups, network.calls), fetchPaymentDetail: deferredCall(network.detail, network.calls) };
});
vi.mock('../../../machines/load/load.actors', async (importOriginal) => (await import('../model-walk')).modelFrameLoadActors(importOriginal));
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));
// The dashboard (where a failed detail load used to lead) loads nothing in this test.
vi.mock('../../../machines/dashboard/dashboard.actors', async (importOriginal) => (await import('../model-walk')).idleDashboardActors(importOriginal));

import { modelPaymentGroupDetail } from '../../../machines/click2pay/click2pay.model';
import { paymentDetailMachine } from '../../../machines/reports/payment-detail.machine';
import { paymentReportMachine } from '../../../machines/reports/payment-report.machine';
import { modelDetailInput, modelPaymentGroups, modelReportInput, paymentDetailModelEvents, paymentReportModelEvents } from '../../../machines/reports/reports.model';
import { routes } from '../../../src/app/router';
import { PAYMENT_SOURCE_LABELS, PAYMENT_STATUS_LABELS, groupPayments } from '../../../core/rules/reports';
import { paymentDetailTexts as d, paymentReportTexts as t, reportTexts } from '../../../src/features/reports/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

const base = `/token/${token}/vendors/${modelReportInput.vendorId}/locations/${modelReportInput.locationId}`;

beforeAll(async () => {
  await import('../../../src/features/reports/payment-report-page');
  await import('../../../src/features/reports/payment-detail-page');
});
afterEach(() => cleanup());

function open(path: string) {
  network.groups.length = 0;
  network.detail.length = 0;
  network.calls.length = 0;
  window.scrollTo = vi.fn();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('payment report: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof paymentReportMachine>;
  const paths = walkPaths<Snapshot>(paymentReportMachine, paymentReportModelEvents, modelReportInput);

  async function assertState(state: Snapshot) {
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveTextContent(`${t.title} Blue Heron Grill`));
    expect(network.calls).toEqual([modelReportInput]);
    if (state.value === 'loading') {
      expect(screen.getByRole('status')).toHaveTextContent(t.loading);
      return;
    }
    if (state.value === 'failed') {
      expect(screen.getByRole('alert')).toHaveTextContent(reportTexts.loadFailed);
      expect(screen.getByRole('alert')).toHaveTextContent(reportTexts.contact('Coastal Produce Co.'));
      // Nothing was loaded: nothing to export or print, so neither button is offered.
      expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
      return;
    }
    if (state.value === 'empty') {
      expect(screen.getByText(t.empty)).toBeInTheDocument();
      return;
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Scheduled', 'Processing', 'Failed', 'Returned', 'Completed', 'Canceled']);
    for (const group of groupPayments(modelPaymentGroups)) {
      const table = screen.getByRole('table', { name: t.groupLabel(group.title) });
      const rows = within(table).getAllByTestId('payment-report-row');
      expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(group.rows.map((g) => g.confirmationNumber));
      rows.forEach((r, i) => {
        expect(within(r).getByRole('link')).toHaveAttribute('href', `${base}/payments/${group.rows[i].id}`);
        expect(r).toHaveTextContent(PAYMENT_SOURCE_LABELS[group.rows[i].sourceType]);
      });
    }
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  }

  const drivers = { 'xstate.done.actor.load': settle(network.groups, 'resolve'), 'xstate.error.actor.load': settle(network.groups, 'reject') };

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    open(`${base}/payments`);
    await runWalk(path, drivers, assertState);
  });
});

describe('payment detail: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof paymentDetailMachine>;
  // The failure text asks for a browser refresh (no retry event): the walk has the load outcomes only.
  const paths = walkPaths<Snapshot>(paymentDetailMachine, paymentDetailModelEvents(), modelDetailInput);
  let router: ReturnType<typeof open>;
  const detailPath = `${base}/payments/${modelDetailInput.paymentGroupId}`;

  async function assertState(state: Snapshot) {
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveTextContent(`${d.title} Blue Heron Grill`));
    expect(network.calls).toEqual([modelDetailInput]);
    if (state.value === 'failed') {
      // core §8 (decision in docs/decisions.md): the page stays and shows its failure text and the contact line.
      expect(router.state.location.pathname).toBe(detailPath);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(d.loadFailed);
      expect(alert).toHaveTextContent(reportTexts.contact('Coastal Produce Co.'));
      expect(screen.getByRole('link', { name: d.back })).toHaveAttribute('href', `${base}/payments`);
      expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
      return;
    }
    if (state.value === 'loading') {
      expect(screen.getByRole('status')).toHaveTextContent(d.loading);
      expect(screen.queryByLabelText(d.checkNumber)).toBeNull();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
      return;
    }
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByTestId('confirmation-number')).toHaveTextContent('PP-1042');
    expect(screen.getByTestId('payment-method')).toHaveTextContent('Visa Busin 4821');
    expect(screen.getByTestId('payment-status')).toHaveTextContent(PAYMENT_STATUS_LABELS[modelPaymentGroupDetail.paymentGroup.status]);
    const lines = within(screen.getByRole('table', { name: d.tableLabel })).getAllByTestId('payment-line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('INV-1001');
    expect(lines[0]).toHaveTextContent('$100.50');
    expect(screen.getByLabelText(d.checkNumber)).toHaveAttribute('type', 'text');
  }

  const drivers = { 'xstate.done.actor.load': settle(network.detail, 'resolve'), 'xstate.error.actor.load': settle(network.detail, 'reject') };

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    router = open(detailPath);
    await runWalk(path, drivers, assertState);
  });

  it('below 420 px the method label is 5 characters of the name and the last four (§9)', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    window.dispatchEvent(new Event('resize'));
    try {
      router = open(`${base}/payments/${modelDetailInput.paymentGroupId}`);
      await settle(network.detail, 'resolve')({ output: modelPaymentGroupDetail });
      expect(await screen.findByTestId('payment-method')).toHaveTextContent(/^Visa 4821$/);
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
      window.dispatchEvent(new Event('resize'));
    }
  });

  it('a payment without invoice lines shows no check number input', async () => {
    router = open(`${base}/payments/${modelDetailInput.paymentGroupId}`);
    await settle(network.detail, 'resolve')({ output: { ...modelPaymentGroupDetail, payments: [] } });
    await screen.findByTestId('confirmation-number');
    expect(screen.queryByLabelText(d.checkNumber)).toBeNull();
  });
});

describe('payment detail: a payment whose charge failed or is in flight', () => {
  it.each([
    ['failed', 'Failed'],
    ['processing', 'Processing'],
  ] as const)('a %s payment shows "%s"', async (status, text) => {
    open(`${base}/payments/${modelDetailInput.paymentGroupId}`);
    await settle(network.detail, 'resolve')({ output: { ...modelPaymentGroupDetail, paymentGroup: { ...modelPaymentGroupDetail.paymentGroup, status } } });
    expect(await screen.findByTestId('payment-status')).toHaveTextContent(new RegExp(`^${text}$`));
    expect(screen.queryByTestId('payment-return-reason')).toBeNull();
  });

  it('a payment the bank returned shows "Returned" and why', async () => {
    open(`${base}/payments/${modelDetailInput.paymentGroupId}`);
    const paymentGroup = { ...modelPaymentGroupDetail.paymentGroup, status: 'returned' as const, returnCode: 'R02', returnReason: 'account closed (R02)' };
    await settle(network.detail, 'resolve')({ output: { ...modelPaymentGroupDetail, paymentGroup } });
    expect(await screen.findByTestId('payment-status')).toHaveTextContent(/^Returned$/);
    expect(screen.getByTestId('payment-return-reason')).toHaveTextContent(/^account closed \(R02\)$/);
  });
});

describe('refunds by the vendor', () => {
  it('the payment detail lists each refund: given back with its day and reason, or pending; none → no section', async () => {
    open(`${base}/payments/${modelDetailInput.paymentGroupId}`);
    const refunds = [
      { id: '11111111-1111-4111-8111-111111111111', amount: 40, status: 'refunded' as const, reason: 'Damaged goods returned.', createdAt: '2026-11-29T15:00:00.000Z', refundedAt: '2026-11-29T15:01:00.000Z' },
      { id: '22222222-2222-4222-8222-222222222222', amount: 12.5, status: 'refund_pending' as const, reason: 'Goodwill.', createdAt: '2026-11-29T16:00:00.000Z', refundedAt: null },
    ];
    await settle(network.detail, 'resolve')({ output: { ...modelPaymentGroupDetail, refunds } });
    const section = await screen.findByTestId('payment-refunds');
    expect(within(section).getByRole('heading', { name: 'Refunds' })).toBeInTheDocument();
    const day = new Date(refunds[0].refundedAt!);
    expect(within(section).getAllByTestId('payment-refund').map((li) => li.textContent)).toEqual([
      `$40.00 refunded on ${day.getMonth() + 1}/${day.getDate()}/${String(day.getFullYear()).slice(2)}: Damaged goods returned.`,
      '$12.50 refund pending: Goodwill.',
    ]);
    cleanup();
    open(`${base}/payments/${modelDetailInput.paymentGroupId}`);
    await settle(network.detail, 'resolve')({ output: { ...modelPaymentGroupDetail, refunds: [] } });
    await screen.findByTestId('confirmation-number');
    expect(screen.queryByTestId('payment-refunds')).toBeNull();
  });

  it('the payment report says under the amount what was refunded, only where something was', async () => {
    open(`${base}/payments`);
    const [first, ...rest] = modelPaymentGroups;
    await settle(network.groups, 'resolve')({ output: [{ ...first, refundedAmount: 40 }, ...rest.map((g) => ({ ...g, refundedAmount: 0 }))] });
    const refunded = await screen.findAllByTestId('payment-refunded');
    expect(refunded.map((r) => r.textContent)).toEqual(['Refunded $40.00']);
    expect(refunded[0].closest('[data-testid="payment-report-row"]')).toHaveTextContent(first.confirmationNumber);
  });
});
