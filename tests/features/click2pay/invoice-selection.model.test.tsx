// @vitest-environment happy-dom
/**
 * Model-based walk of the invoice-selection chart on the REAL click-to-pay page. The user's events (select an
 * invoice, select all, View More Invoices, undo) are driven through the table; the events other actors send (the
 * page's invoice load, an applied dispute, a confirmed payment's clear) are sent to the session's actor as they would.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, runWalk } from '../model-walk';

const captured = vi.hoisted(() => ({ session: null as null | import('../../../src/app/session').Session }));

vi.mock('../../../src/app/session', async (importOriginal) =>
  (await import('../model-walk')).capturingSessionModule(importOriginal, captured));

import { modelInvoice, modelMethod } from '../../../machines/click2pay/click2pay.model';
import { invoiceSelectionMachine } from '../../../machines/invoice-selection/invoice-selection.machine';
import { invoiceSelectionModelEvents, modelInvoiceIds as inv } from '../../../machines/invoice-selection/invoice-selection.model';
import { routes } from '../../../src/app/router';
import { click2payTexts as t } from '../../../src/features/click2pay/texts';
import { ids, token } from '../shell/fixtures';
import { frameHandlers, payConfigHandler } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

const numbers: Record<string, string> = { [inv.requested]: 'INV-R1', [inv.other]: 'INV-O2', [inv.credit]: 'CR-C3' };

const server = setupServer(
  ...frameHandlers(ids.coastal, ids.blueHeron),
  http.get('*/api/vendors/:v/locations/:l/invoices', () =>
    HttpResponse.json({
      locationInvoices: [
        modelInvoice(inv.requested, numbers[inv.requested], 100, '2026-12-05'),
        modelInvoice(inv.other, numbers[inv.other], 125, '2026-12-06'),
        modelInvoice(inv.credit, numbers[inv.credit], -20, '2026-12-07'),
      ],
      requestInvoiceIds: [inv.requested],
    })),
  http.get('*/api/vendors/:v/locations/:l/paymentmethods', () =>
    HttpResponse.json({ paymentMethods: [modelMethod('aaaaaaaa-1111-4111-8111-111111111111', 'direct-ach', 'Checking', '6789')], paymentMethodsJwt: 'jwt', hostedFieldsUrl: 'http://payments.test/hosted-fields', clientFlowInfo: {} })),
  payConfigHandler(),
);

type Snapshot = SnapshotFrom<typeof invoiceSelectionMachine>;
const paths = walkPaths<Snapshot>(invoiceSelectionMachine, invoiceSelectionModelEvents as never);
const base = `/token/${token}/vendors/${ids.coastal}/locations/${ids.blueHeron}`;
const selectionRef = () => captured.session!.invoiceSelection(ids.coastal, ids.blueHeron);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/click2pay/click2pay-page');
});
afterAll(() => server.close());

describe('invoice selection: model-based walk on the click-to-pay page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    if (state.matches('idle')) return; // the page is not open yet
    await screen.findAllByTestId('invoice-row');
    const shown = state.context.showAll ? [inv.requested, inv.other, inv.credit] : [inv.requested];
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(shown.length));
    expect(screen.queryByRole('button', { name: t.viewMore }) !== null).toBe(!state.context.showAll);
    for (const id of shown) {
      const checked = state.context.selected.has(id);
      await waitFor(() => expect(screen.getByRole('checkbox', { name: t.selectInvoice(numbers[id]) })).toHaveProperty('checked', checked));
    }
    const disputed = state.context.adjustments.length > 0 && state.context.showAll;
    expect(screen.queryByText(t.disputed) !== null).toBe(disputed);
  }

  const send = (event: any) => act(async () => { selectionRef().send(event); });
  const drivers = {
    'selection.loaded': async (event: any) => {
      if (captured.session && selectionRef().getSnapshot().matches('ready')) return send(event);
      user = userEvent.setup();
      window.scrollTo = vi.fn();
      render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/click2pay`] })} />);
    },
    'selection.toggle': async (e: { invoiceId: string }) => user.click(screen.getByRole('checkbox', { name: t.selectInvoice(numbers[e.invoiceId]) })),
    'selection.toggleAll': async () => user.click(screen.getByRole('checkbox', { name: t.selectAll })),
    'selection.showAll': async () => user.click(screen.getByRole('button', { name: t.viewMore })),
    'selection.adjust': send,
    'selection.undo': async (e: { invoiceId: string }) => {
      await user.click(screen.getByRole('button', { name: t.undo(numbers[e.invoiceId]) }));
      await user.click(within(await screen.findByRole('alertdialog', { name: t.undoDispute.title })).getByRole('button', { name: t.undoDispute.undo }));
    },
    'selection.clear': send,
    // sent by the template message page's Pay
    'selection.message': send,
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    captured.session = null;
    await runWalk(p, drivers, assertState);
  });
});
