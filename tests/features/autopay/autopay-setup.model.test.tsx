// @vitest-environment happy-dom
/**
 * Model-based walk of the AutoPay submit chart on the REAL setup page (loads answered by MSW, no AutoPay yet): the
 * set-up call is a promise the walk settles; every step is driven through the page (method radio, the box, "Set Up
 * AutoPay Plus", the "Set up AutoPay Plus?" fee modal) and every state is asserted on it.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleLatest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ creates: [] as PendingCall[] }));

vi.mock('../../../machines/autopay/autopay.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/autopay/autopay.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, createAutopay: pendingActor(network.creates, 'create') };
});

import { autopaySubmitMachine } from '../../../machines/autopay/autopay-submit.machine';
import { autopaySubmitModelEvents, modelAutopayIds, modelAutopayInvoices, modelAutopayMethods, modelAutopayRequest } from '../../../machines/autopay/autopay.model';
import { routes } from '../../../src/app/router';
import { autopayTexts as t } from '../../../src/features/autopay/texts';
import { base, handlers, requestStartDate, resetWorld, world } from './world';

configure({ asyncUtilTimeout: 8000 });
const server = setupServer(...handlers);

type Snapshot = SnapshotFrom<typeof autopaySubmitMachine>;
const paths = walkPaths<Snapshot>(autopaySubmitMachine, autopaySubmitModelEvents, { vendorId: 'v', locationId: 'l' });

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/autopay/autopay-setup-page');
});
afterAll(() => server.close());

describe('AutoPay set-up: model-based walk on the setup page of an AutoPay request', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(async () => {
    resetWorld();
    world.autopay = null;
    network.creates.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/autopay/${modelAutopayRequest.id}`] })} />);
    await screen.findAllByTestId('exclusion-row');
  });
  afterEach(() => cleanup());

  const setUp = () => screen.getByRole('button', { name: t.setUp });

  async function assertState(state: Snapshot) {
    if (state.matches('confirmed')) {
      await screen.findByRole('heading', { name: new RegExp(t.confirmation.setUp) });
      return;
    }
    if (state.matches('confirming')) {
      expect(await screen.findByRole('alertdialog', { name: t.feeModal.setupTitle })).toHaveTextContent(t.feeModal.body('2.9'));
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (state.matches('idle')) expect(screen.queryByRole('alert')).toBeNull();
    if (state.matches('submitting')) await waitFor(() => expect(setUp()).toHaveAttribute('aria-busy', 'true'));
    if (state.matches('failed')) expect(await screen.findByRole('alert')).toHaveTextContent(t.failures.setup);
  }

  const settle = settleLatest(network.creates);
  const drivers = {
    'autopay.submit': async (event: { fee: boolean }) => {
      await user.click(screen.getByRole('radio', { name: event.fee ? /Visa Busin/ : /Operating/ }));
      const box = screen.getByRole('checkbox', { name: t.terms });
      if (!(box as HTMLInputElement).checked) await user.click(box);
      await waitFor(() => expect(setUp()).toBeEnabled());
      await user.click(setUp());
    },
    'autopay.confirm': async () => user.click(within(screen.getByRole('alertdialog', { name: t.feeModal.setupTitle })).getByRole('button', { name: t.feeModal.confirmSetup })),
    'autopay.cancel': async () => user.click(within(screen.getByRole('alertdialog', { name: t.feeModal.setupTitle })).getByRole('button', { name: t.feeModal.cancel })),
    'xstate.done.actor.createAutopay': settle,
    'xstate.error.actor.createAutopay': settle,
  } satisfies Drivers;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
    // The request preset the body: its start date and its exclusion (INV-1001), and the chosen method's terms version.
    for (const { input } of network.creates) {
      expect(input.body).toMatchObject({ startDate: requestStartDate(), excludedInvoices: [modelAutopayIds.invoiceA] });
      expect(input.body.epaVersion).toBe(input.body.paymentMethodId === modelAutopayIds.card ? '2024-03' : '2024-01');
    }
  });
});

describe('AutoPay set-up waits for the saved payment methods before it shows its form', () => {
  afterEach(() => {
    server.resetHandlers();
    cleanup();
  });

  it('with the AutoPay answers in and the methods still on their way, the form is a skeleton; then every section at once', async () => {
    resetWorld();
    world.autopay = null;
    localStorage.clear();
    window.scrollTo = vi.fn();
    let release!: () => void;
    const methodsHeld = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let answered = 0; // the page's own answers: AutoPay and invoices
    server.use(
      http.get(`*/api/vendors/:vendorId/locations/:locationId/paymentmethods`, async () => {
        asked += 1;
        await methodsHeld;
        return HttpResponse.json({ paymentMethods: modelAutopayMethods, paymentMethodsJwt: 'jwt', hostedFieldsUrl: 'http://payments.test/hosted-fields', clientFlowInfo: {} });
      }),
      http.get(`*/api/vendors/:vendorId/locations/:locationId/autopay`, () => {
        answered += 1;
        return HttpResponse.json({ autoPay: null });
      }),
      http.get(`*/api/vendors/:vendorId/locations/:locationId/invoices`, () => {
        answered += 1;
        return HttpResponse.json({ locationInvoices: modelAutopayInvoices, requestInvoiceIds: [] });
      }),
    );
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/autopay`] })} />);
    await waitFor(() => expect(asked).toBe(1));
    await waitFor(() => expect(answered).toBe(2));
    // the page's own answers are in (a few tasks to take them); it still shows its skeleton, and no section
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText(t.loading)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t.startDate })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.paymentMethod })).toBeNull();
    release();
    // the sections arrive together, the picker already holding its methods (nothing fills in above the start date)
    expect(await screen.findByRole('heading', { name: t.startDate })).toBeVisible();
    expect(screen.getByRole('heading', { name: t.paymentMethod })).toBeVisible();
    expect(screen.getAllByRole('radio').length).toBeGreaterThan(0);
    expect(screen.queryByText(t.loading)).toBeNull();
  });
});
