// @vitest-environment happy-dom
/**
 * Model-based walk of the payment submit chart on the REAL click-to-pay page (loads answered by MSW). The submit
 * call is a promise the walk settles; every walk step is driven through the page (Confirm and Pay, Try Again,
 * Close) and every state is asserted on it.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ submits: [] as Array<{ input: any; d: Deferred<unknown> }> }));

vi.mock('../../../machines/payment-submit/payment-submit.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/payment-submit/payment-submit.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  return {
    ...original,
    submitPayment: fromPromise(({ input }: { input: unknown }) => {
      const d = deferred<unknown>();
      network.submits.push({ input, d });
      return d.promise as Promise<never>;
    }),
  };
});

import { modelIds, modelInvoice, modelMethod, modelPaymentGroupDetail } from '../../../machines/click2pay/click2pay.model';
import { paymentSubmitMachine } from '../../../machines/payment-submit/payment-submit.machine';
import { paymentSubmitModelEvents } from '../../../machines/payment-submit/payment-submit.model';
import { routes } from '../../../src/app/router';
import { click2payTexts as t, confirmationTexts as ct } from '../../../src/features/click2pay/texts';
import { ids, token } from '../shell/fixtures';
import { frameHandlers } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

const server = setupServer(
  ...frameHandlers(ids.coastal, ids.blueHeron),
  http.get('*/api/vendors/:v/locations/:l/invoices', () =>
    HttpResponse.json({ locationInvoices: [modelInvoice(modelIds.invoiceA, 'INV-1001', 100.5, '2026-12-05')], requestInvoiceIds: [] })),
  http.get('*/api/vendors/:v/locations/:l/paymentmethods', () =>
    HttpResponse.json({ paymentMethods: [modelMethod(modelIds.card, 'priority-cc', 'Visa Business', '4821', '2.9')], paymentMethodsJwt: 'jwt', hostedFieldsUrl: 'http://payments.test/hosted-fields', clientFlowInfo: {} })),
  http.get('*/api/config', ({ request }) => {
    const key = new URL(request.url).searchParams.get('key');
    if (key === 'configuration') return HttpResponse.json({ configuration: { paymentRequest: { c2pPaymentDays: 30 }, autopayConfig: { startDateTimeFrame: 30 } } });
    if (key === 'holidays') return HttpResponse.json({ holidays: [] });
    return HttpResponse.json({ epa: { 'priority-cc': { version: 'v3', filename: 'epa.pdf' } } });
  }),
  http.get('*/api/vendors/:v/locations/:l/paymentgroups/:id/payments', () => HttpResponse.json(modelPaymentGroupDetail)),
);

type Snapshot = SnapshotFrom<typeof paymentSubmitMachine>;
const paths = walkPaths<Snapshot>(paymentSubmitMachine, paymentSubmitModelEvents, { vendorId: ids.coastal, locationId: ids.blueHeron, createKey: () => 'k' });
const base = `/token/${token}/vendors/${ids.coastal}/locations/${ids.blueHeron}`;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/click2pay/click2pay-page');
});
afterAll(() => server.close());

describe('payment submit: model-based walk on the click-to-pay page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(async () => {
    network.submits.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/click2pay`] })} />);
    await screen.findAllByTestId('invoice-row');
    await waitFor(() => expect(screen.getByRole('radio', { name: /Visa Busin 4821/ })).toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: t.selectAll }));
    await user.click(screen.getByRole('checkbox', { name: t.terms }));
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    if (state.matches('confirmed')) {
      await screen.findByRole('heading', { name: new RegExp(ct.title) });
      return;
    }
    // While the modal is open the page behind it is hidden from the accessibility tree.
    const pay = () => screen.getByRole('button', { name: t.confirm });
    if (state.matches('idle')) {
      await waitFor(() => expect(pay()).toBeEnabled());
      expect(screen.queryByRole('alertdialog', { name: t.failure.title })).toBeNull();
    } else if (state.matches('submitting')) {
      await waitFor(() => expect(pay()).toBeDisabled());
      expect(pay()).toHaveAttribute('aria-busy', 'true');
    } else if (state.matches('failed')) {
      const modal = await screen.findByRole('alertdialog', { name: t.failure.title });
      expect(modal).toHaveTextContent(t.failure.body);
      expect(modal).toHaveTextContent(t.failure.contact('Coastal Produce Co.'));
    }
    // One attempt = one key: every call so far carried the same key unless a dismiss started a new attempt.
    const keys = new Set(network.submits.map((s) => s.input.idempotencyKey));
    expect(keys.size).toBeLessThanOrEqual(Math.max(1, path.dismissals + 1));
  }

  const settle = (outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(network.submits.length).toBeGreaterThan(0));
    const { d } = network.submits[network.submits.length - 1];
    await act(async () => (outcome === 'resolve' ? d.resolve(event.output) : d.reject(event.error)));
  };
  const path = { dismissals: 0 };
  const drivers = {
    'payment.submit': async () => user.click(screen.getByRole('button', { name: t.confirm })),
    'payment.retry': async () => user.click(within(screen.getByRole('alertdialog', { name: t.failure.title })).getByRole('button', { name: t.failure.retry })),
    'payment.dismiss': async () => {
      path.dismissals++;
      await user.click(within(screen.getByRole('alertdialog', { name: t.failure.title })).getByRole('button', { name: t.failure.close }));
    },
    'xstate.done.actor.submitPayment': settle('resolve'),
    'xstate.error.actor.submitPayment': settle('reject'),
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    path.dismissals = 0;
    await runWalk(p, drivers, assertState);
  });
});
