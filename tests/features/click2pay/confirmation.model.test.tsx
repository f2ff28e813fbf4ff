// @vitest-environment happy-dom
/**
 * Model-based walk of the payment confirmation (.../click2pay/{id}/confirmation) on the REAL page (router, token
 * guard, location frame, DataTable): the load is a promise the walk settles. The page shows what the Payment Detail
 * shows (recurring §2.10) — Export CSV and Print titled "Payment Confirmation" (§9), the check number with invoices —
 * and the method label is cut to 5 characters below 420 px (§9).
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk, settle } from '../model-walk';

const network = vi.hoisted(() => ({ groups: [] as Array<Deferred<unknown>>, calls: [] as unknown[] }));

vi.mock('../../../machines/click2pay/click2pay.actors', async (importOriginal) => {
  const { deferredCall } = await import('../model-walk');
  return { ...(await importOriginal<object>()), fetchPaymentGroup: deferredCall(network.groups, network.calls) };
});
vi.mock('../../../machines/load/load.actors', async (importOriginal) => (await import('../model-walk')).modelFrameLoadActors(importOriginal));
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));
// The dashboard (where a failed load leads) loads nothing in this test.
vi.mock('../../../machines/dashboard/dashboard.actors', async (importOriginal) => (await import('../model-walk')).idleDashboardActors(importOriginal));

import { modelPaymentGroupDetail } from '../../../machines/click2pay/click2pay.model';
import { paymentConfirmationMachine } from '../../../machines/click2pay/confirmation.machine';
import { loadModelEvents } from '../../../machines/load/load.model';
import { modelDetailInput, modelReportInput } from '../../../machines/reports/reports.model';
import { routes } from '../../../src/app/router';
import { confirmationTexts as ct } from '../../../src/features/click2pay/texts';
import { paymentGroupTexts as g } from '../../../src/features/reports/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

const base = `/token/${token}/vendors/${modelReportInput.vendorId}/locations/${modelReportInput.locationId}`;
const path = `${base}/click2pay/${modelDetailInput.paymentGroupId}/confirmation`;

beforeAll(async () => {
  await import('../../../src/features/click2pay/confirmation-page');
});
beforeEach(() => setWidth(1024));
afterEach(() => cleanup());

function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });
  window.dispatchEvent(new Event('resize'));
}

function open() {
  network.groups.length = 0;
  network.calls.length = 0;
  window.scrollTo = vi.fn();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('payment confirmation: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof paymentConfirmationMachine>;
  // The page offers no refresh (a failure leaves it), so the walk has the load outcomes only.
  const events = (s: Snapshot) => loadModelEvents(modelPaymentGroupDetail)(s).filter((e) => e.type !== 'load.refresh');
  const paths = walkPaths<Snapshot>(paymentConfirmationMachine, events, modelDetailInput);
  let router: ReturnType<typeof open>;

  async function assertState(state: Snapshot) {
    if (state.value === 'failed') {
      // §8: a failed confirmation load redirects to the location base.
      await waitFor(() => expect(router.state.location.pathname).toBe(base));
      return;
    }
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveTextContent(`${ct.title} Blue Heron Grill`));
    expect(network.calls).toEqual([modelDetailInput]);
    const actions = screen.getByRole('group', { name: 'Report actions' });
    if (state.value === 'loading') {
      expect(screen.getByRole('status')).toHaveTextContent(ct.loading);
      // Nothing to export or print yet.
      expect(within(actions).getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      expect(within(actions).getByRole('button', { name: 'Print' })).toBeDisabled();
      expect(screen.queryByLabelText(g.checkNumber)).toBeNull();
      return;
    }
    expect(within(actions).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByTestId('confirmation-number')).toHaveTextContent('PP-1042');
    expect(screen.getByTestId('payment-method')).toHaveTextContent(/^Visa Busin 4821$/);
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$283.04');
    // the card service fee on its own line (issue 20: stored on the group)
    expect(screen.getByTestId('payment-service-fee')).toHaveTextContent('$7.98');
    const lines = within(screen.getByRole('table', { name: g.tableLabel })).getAllByTestId('payment-line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('INV-1001');
    expect(lines[0]).toHaveTextContent('$100.50');
    expect(screen.getByLabelText(g.checkNumber)).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: ct.back })).toHaveAttribute('href', base);
  }

  const drivers = { 'xstate.done.actor.load': settle(network.groups, 'resolve'), 'xstate.error.actor.load': settle(network.groups, 'reject') };

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    router = open();
    await runWalk(p, drivers, assertState);
  });
});

describe('payment confirmation: what the user does with it', () => {
  it('Export CSV downloads "Payment Confirmation {date} {vendor} {location}.csv" with the lines; Print prints under that title', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => { blobs.push(b); return 'blob:x'; });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { names.push(this.download); });
    const print = vi.fn();
    window.print = print;
    const user = userEvent.setup();
    open();
    await settle(network.groups, 'resolve')({ output: { ...modelPaymentGroupDetail, payments: [...modelPaymentGroupDetail.payments, { ...modelPaymentGroupDetail.payments[0], id: 'l2', invoiceDisplayInvNum: 'INV-1002', invoiceDueDate: null, paidAmount: 182.5 }] } });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^Payment Confirmation \d{4}-\d{2}-\d{2} Coastal Produce Co\. Blue Heron Grill\.csv$/);
    const text = (await blobs[0].text()).replace(/^\ufeff/, '');
    expect(Papa.parse<string[]>(text.trim()).data).toEqual([
      ['Invoice', 'Due Date', 'Amount Paid'],
      ['INV-1001', '12/5/26', '$100.50'],
      ['INV-1002', '-', '$182.50'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.title).toBe(ct.exportTitle));
    act(() => window.dispatchEvent(new Event('afterprint')));
    await waitFor(() => expect(document.title).not.toBe(ct.exportTitle));
    click.mockRestore();
  });

  it('below 420 px the method label is 5 characters of the name and the last four (§9)', async () => {
    setWidth(375);
    open();
    await settle(network.groups, 'resolve')({ output: modelPaymentGroupDetail });
    expect(await screen.findByTestId('payment-method')).toHaveTextContent(/^Visa 4821$/);
    act(() => setWidth(1024));
    await waitFor(() => expect(screen.getByTestId('payment-method')).toHaveTextContent(/^Visa Busin 4821$/));
  });

  it('a payment without invoice lines shows no check number input', async () => {
    open();
    await settle(network.groups, 'resolve')({ output: { ...modelPaymentGroupDetail, payments: [] } });
    await screen.findByTestId('confirmation-number');
    expect(screen.queryByLabelText(g.checkNumber)).toBeNull();
  });
});
