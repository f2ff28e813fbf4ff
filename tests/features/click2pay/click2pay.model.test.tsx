// @vitest-environment happy-dom
/**
 * Model-based walk of the click-to-pay page chart on the REAL page: the invoice and calendar loads are promises the
 * walk settles; Try again, the method, the calendar day and the terms are driven through the page. The clock is
 * fixed at the model's now; the payment-method picker (another feature, with its own walk) is replaced by two
 * buttons so the method changes only when the walk says so.
 */
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk, settle } from '../model-walk';

const network = vi.hoisted(() => ({ invoices: [] as Array<Deferred<unknown>>, calendar: [] as Array<Deferred<unknown>> }));

vi.mock('../../../machines/click2pay/click2pay.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), loadInvoices: deferredActor(network.invoices), loadCalendar: deferredActor(network.calendar) };
});

vi.mock('../../../src/ui/payment-methods/payment-method-picker', async () => {
  const { modelMethods } = await import('../../../machines/click2pay/click2pay.model');
  return {
    PaymentMethodPicker: ({ selectedId, onSelect }: { selectedId: string | null; onSelect: (m: unknown) => void }) => (
      <div>
        {modelMethods.map((m) => (
          <button key={m.id} type="button" aria-pressed={selectedId === m.id} onClick={() => onSelect(m)}>{m.displayExtra.name}</button>
        ))}
      </div>
    ),
  };
});

import { click2payMachine } from '../../../machines/click2pay/click2pay.machine';
import { click2payModelEvents, modelCalendar, modelClick2payInput, modelMethods, modelNow } from '../../../machines/click2pay/click2pay.model';
import { routes } from '../../../src/app/router';
import { click2payTexts as t } from '../../../src/features/click2pay/texts';
import { token } from '../shell/fixtures';
import { frameHandlers } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

const { vendorId, locationId } = modelClick2payInput;
const server = setupServer(
  ...frameHandlers(vendorId, locationId),
);

type Snapshot = SnapshotFrom<typeof click2payMachine>;
const paths = walkPaths<Snapshot>(click2payMachine, click2payModelEvents as never, modelClick2payInput);
const base = `/token/${token}/vendors/${vendorId}/locations/${locationId}`;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/click2pay/click2pay-page');
});
afterAll(() => server.close());

describe('click2pay page: model-based walk', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(() => {
    network.invoices.length = 0;
    network.calendar.length = 0;
    vi.spyOn(Temporal.Now, 'instant').mockReturnValue(modelNow);
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/click2pay`] })} />);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { name: /Make a Payment for/ });
    const failed = state.matches({ invoices: 'failed' }) || state.matches({ calendar: 'failed' });
    const loaded = state.matches({ invoices: 'loaded' }) && state.matches({ calendar: 'loaded' });
    if (failed) {
      expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
      return;
    }
    if (!loaded) {
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(t.loading));
      return;
    }
    await screen.findAllByTestId('invoice-row');
    const { method, paymentDate, termsAccepted } = state.context;
    for (const m of modelMethods) expect(screen.getByRole('button', { name: m.displayExtra.name })).toHaveAttribute('aria-pressed', String(method?.id === m.id));
    const day = document.querySelector(`[data-date="${paymentDate}"]`);
    expect(day).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: t.terms })).toHaveProperty('checked', termsAccepted));
    const terms = modelCalendar.epa[method?.provider ?? ''];
    if (terms) expect(screen.getByRole('link', { name: t.termsLink })).toHaveAttribute('href', `/static/epa/${terms.version}/${terms.filename}`);
  }

  const drivers = {
    'xstate.done.actor.loadInvoices': settle(network.invoices, 'resolve'),
    'xstate.error.actor.loadInvoices': settle(network.invoices, 'reject'),
    'xstate.done.actor.loadCalendar': settle(network.calendar, 'resolve'),
    'xstate.error.actor.loadCalendar': settle(network.calendar, 'reject'),
    'page.retry': async () => user.click(screen.getByRole('button', { name: t.retry })),
    'form.method': async (e: { method: { displayExtra: { name: string } } }) => user.click(screen.getByRole('button', { name: e.method.displayExtra.name })),
    'form.date': async (e: { date: string }) => user.click(document.querySelector(`[data-date="${e.date}"]`)!),
    'form.terms': async () => user.click(screen.getByRole('checkbox', { name: t.terms })),
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
  });
});
