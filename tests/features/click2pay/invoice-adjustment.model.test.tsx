// @vitest-environment happy-dom
/**
 * Model-based walk of the dispute / partial-payment form chart on the REAL partial-payment page: the invoice load is
 * a promise the walk settles; reason, amount, notes and Apply are driven through the form.
 */
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ loads: [] as Array<Deferred<unknown>> }));

vi.mock('../../../machines/click2pay/click2pay.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), loadInvoice: deferredActor(network.loads) };
});

import { invoiceAdjustmentMachine } from '../../../machines/invoice-adjustment/invoice-adjustment.machine';
import { invoiceAdjustmentModelEvents, modelAdjustInvoice } from '../../../machines/invoice-adjustment/invoice-adjustment.model';
import { routes } from '../../../src/app/router';
import { adjustmentTexts as t } from '../../../src/features/click2pay/texts';
import { ids, token } from '../shell/fixtures';
import { frameHandlers } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

const server = setupServer(
  ...frameHandlers(ids.coastal, ids.blueHeron),
  http.get('*/api/vendors/:v/locations/:l/invoices', () => HttpResponse.json({ locationInvoices: [modelAdjustInvoice], requestInvoiceIds: [] })),
  http.get('*/api/vendors/:v/locations/:l/paymentmethods', () => HttpResponse.json({ paymentMethods: [], paymentMethodsJwt: 'jwt', hostedFieldsUrl: 'http://payments.test/hosted-fields', clientFlowInfo: {} })),
  http.get('*/api/config', () => HttpResponse.json({ holidays: [] })),
);

type Snapshot = SnapshotFrom<typeof invoiceAdjustmentMachine>;
const input = { vendorId: ids.coastal, locationId: ids.blueHeron, invoiceId: modelAdjustInvoice.id, kind: 'partial' as const };
const paths = walkPaths<Snapshot>(invoiceAdjustmentMachine, invoiceAdjustmentModelEvents as never, input);
const base = `/token/${token}/vendors/${ids.coastal}/locations/${ids.blueHeron}`;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/click2pay/partial-page');
});
afterAll(() => server.close());

describe('invoice adjustment: model-based walk on the partial-payment page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  let router: ReturnType<typeof createMemoryRouter>;
  beforeEach(() => {
    network.loads.length = 0;
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    router = createMemoryRouter(routes, { initialEntries: [`${base}/click2pay/${modelAdjustInvoice.id}/partial`] });
    render(<RouterProvider router={router} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    if (state.matches('applied')) {
      await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/click2pay`));
      return;
    }
    await screen.findByRole('heading', { name: new RegExp(t.partialTitle) });
    if (state.matches('loading')) {
      const loading = screen.getByRole('status');
      expect(loading).toHaveTextContent(t.loading);
      // the form's place is held by skeletons of its size, not by a spinner that holds none
      expect(loading).toHaveAttribute('aria-busy', 'true');
      expect(loading.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
      expect(loading.querySelector('svg')).toBeNull();
    } else if (state.matches('failed')) {
      expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    } else if (state.matches('notAdjustable')) {
      // a credit or an invoice no longer payable: why, not "could not be loaded", and the way back to the pay page
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        state.context.invoice!.openAmount < 0
          ? 'Invoice INV-20418 is a credit and cannot be part-paid.'
          : 'Invoice INV-20418 is no longer open for payment and cannot be part-paid.',
      );
      expect(alert).not.toHaveTextContent(t.loadFailed);
      expect(screen.queryByRole('button', { name: t.apply })).toBeNull();
      const backLinks = screen.getAllByRole('link', { name: new RegExp(t.back) });
      expect(backLinks.length).toBe(2);
      for (const link of backLinks) expect(link).toHaveAttribute('href', `${base}/click2pay`);
    } else {
      const apply = await screen.findByRole('button', { name: t.apply });
      const valid = state.context.reason !== '' && state.context.amountText === '50.00';
      expect(apply).toHaveProperty('disabled', !valid);
      expect(screen.getByRole('combobox', { name: t.reasonRequired })).toHaveValue(state.context.reason);
      expect(screen.getByRole('textbox', { name: t.newAmount })).toHaveValue(state.context.amountText);
      if (state.context.amountText) expect(screen.getByTestId('remaining')).toHaveTextContent('$75.00');
    }
  }

  const settle = (outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(network.loads.length).toBeGreaterThan(0));
    const d = network.loads.shift()!;
    await act(async () => (outcome === 'resolve' ? d.resolve(event.output) : d.reject(event.error)));
  };
  const drivers = {
    'xstate.done.actor.loadInvoice': settle('resolve'),
    'xstate.error.actor.loadInvoice': settle('reject'),
    'adjustment.reason': async (e: { reason: string }) => user.selectOptions(screen.getByRole('combobox', { name: t.reasonRequired }), e.reason),
    'adjustment.amount': async (e: { text: string }) => user.type(screen.getByRole('textbox', { name: t.newAmount }), e.text),
    'adjustment.notes': async (e: { notes: string }) => {
      const notes = screen.getByRole('textbox', { name: t.notes });
      await user.clear(notes);
      await user.type(notes, e.notes);
    },
    'adjustment.apply': async () => user.click(screen.getByRole('button', { name: t.apply })),
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
  });
});
