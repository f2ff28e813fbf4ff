// @vitest-environment happy-dom
/**
 * Model-based walk of the AutoPay update chart on the REAL manage page (loads answered by MSW). The update call is a
 * promise the walk settles with each outcome of the two calls; every step is driven through the page (method radio,
 * exclusion checkboxes, the box, Update, the "Update AutoPay Plus?" modal) and every state is asserted on it,
 * including the failure text of each call and "Could not update AutoPay Plus." when both fail.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleLatest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ updates: [] as PendingCall[], deletes: [] as PendingCall[] }));

vi.mock('../../../machines/autopay/autopay.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/autopay/autopay.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, updateAutopay: pendingActor(network.updates, 'update'), deleteAutopay: pendingActor(network.deletes, 'delete') };
});

import { autopayUpdateMachine } from '../../../machines/autopay/autopay-update.machine';
import { autopayDeleteModelEvents, autopayUpdateModelEvents, modelAutopayInput, modelEpa } from '../../../machines/autopay/autopay.model';
import { autopayDeleteMachine } from '../../../machines/autopay/autopay-delete.machine';
import { routes } from '../../../src/app/router';
import { autopayTexts as t } from '../../../src/features/autopay/texts';
import { base, handlers, resetWorld, world } from './world';

configure({ asyncUtilTimeout: 8000 });
const server = setupServer(...handlers);

type Snapshot = SnapshotFrom<typeof autopayUpdateMachine>;
const paths = walkPaths<Snapshot>(autopayUpdateMachine, autopayUpdateModelEvents, modelAutopayInput);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/autopay/autopay-manage-page');
});
afterAll(() => server.close());

describe('AutoPay update: model-based walk on the manage page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(async () => {
    resetWorld();
    network.updates.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/autopaymanage`] })} />);
    await screen.findByRole('button', { name: t.turnOff });
    await screen.findAllByTestId('exclusion-row');
  });
  afterEach(() => cleanup());

  const updateButton = () => screen.getByRole('button', { name: t.update });

  async function assertState(state: Snapshot) {
    if (state.matches('updated')) {
      await screen.findByRole('heading', { name: new RegExp(t.confirmation.updated) });
      return;
    }
    if (state.matches('confirming')) {
      const modal = await screen.findByRole('alertdialog', { name: t.feeModal.updateTitle });
      expect(modal).toHaveTextContent('2.9%');
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    if (state.matches('idle')) {
      expect(screen.queryByRole('alert')).toBeNull();
    } else if (state.matches('updating')) {
      await waitFor(() => expect(updateButton()).toHaveAttribute('aria-busy', 'true'));
    } else if (state.matches('failed')) {
      const { methodFailed, exclusionsFailed } = state.context;
      const text = methodFailed && exclusionsFailed ? t.failures.both : methodFailed ? t.failures.method : t.failures.exclusions;
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    }
  }

  async function setExcluded(num: string, excluded: boolean) {
    const box = screen.getByRole('checkbox', { name: t.excludeInvoice(num) });
    if ((box as HTMLInputElement).checked !== excluded) await user.click(box);
  }

  // The exclusions the AutoPay has saved (the MSW AutoPay excludes INV-1002; a partial success saves new ones).
  const saved = { excluded: ['INV-1002'] };
  const settleUpdate = settleLatest(network.updates);
  const settle = async (event: { output?: { autopay: { excludedInvoices: string[] } | null }; error?: unknown; type: string }) => {
    if (event.output?.autopay) saved.excluded = event.output.autopay.excludedInvoices.map((id) => (id.startsWith('1111') ? 'INV-1001' : 'INV-1002'));
    await settleUpdate(event);
  };
  const drivers = {
    'update.submit': async (event: { method: unknown; exclusions: { excludeInvoiceIds: string[] } | null }) => {
      // A method change picks the card (with a fee); none keeps the AutoPay's bank account.
      await user.click(screen.getByRole('radio', { name: event.method ? /Visa Busin/ : /Operating/ }));
      // An exclusion change excludes exactly the invoice the AutoPay does not exclude now.
      if (event.exclusions?.excludeInvoiceIds.length) {
        await setExcluded('INV-1001', !saved.excluded.includes('INV-1001'));
        await setExcluded('INV-1002', !saved.excluded.includes('INV-1002'));
      }
      const box = screen.getByRole('checkbox', { name: t.terms });
      if (!(box as HTMLInputElement).checked) await user.click(box);
      await waitFor(() => expect(updateButton()).toBeEnabled());
      await user.click(updateButton());
    },
    'update.confirm': async () => user.click(within(screen.getByRole('alertdialog', { name: t.feeModal.updateTitle })).getByRole('button', { name: t.feeModal.confirmUpdate })),
    'update.cancel': async () => user.click(within(screen.getByRole('alertdialog', { name: t.feeModal.updateTitle })).getByRole('button', { name: t.feeModal.cancel })),
    'xstate.done.actor.updateAutopay': settle,
    'xstate.error.actor.updateAutopay': settle,
  } satisfies Drivers;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    saved.excluded = ['INV-1002'];
    await runWalk(p, drivers, assertState);
    // What the page sent first: the method only when a new one was picked, the exclusions as the boxes say.
    const first = network.updates[0]?.input;
    if (first) {
      expect(first.autopayId).toBe(modelAutopayInput.autopayId);
      if (first.method) expect(first.method).toEqual({ paymentMethodId: 'aaaaaaaa-1111-4111-8111-111111111111', epaVersion: '2024-03' });
      if (first.exclusions) expect(first.exclusions).toEqual({ excludeInvoiceIds: ['11111111-1111-4111-8111-111111111111'], reincludeInvoiceIds: ['22222222-2222-4222-8222-222222222222'] });
    }
  });
});

describe('AutoPay management: the terms checkbox (core §2, recurring §2.2)', () => {
  beforeEach(() => {
    resetWorld();
    localStorage.clear();
    window.scrollTo = vi.fn();
  });
  afterEach(() => cleanup());

  it('with the AutoPay’s bank account shown as chosen (nothing picked yet), the agreement is the bank terms’ link in a new tab', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/autopaymanage`] })} />);
    await screen.findByRole('button', { name: t.turnOff });
    expect(await screen.findByRole('radio', { name: /Operating/ })).toBeChecked();
    const link = await screen.findByRole('link', { name: t.termsLink });
    expect(link).toHaveAttribute('href', `/static/epa/${modelEpa['direct-ach'].version}/${modelEpa['direct-ach'].filename}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // Reporting the shown method is not a change: Update stays off until the box and a change.
    expect(screen.getByRole('button', { name: t.update })).toBeDisabled();
  });
});

describe('AutoPay management: a paused AutoPay (its bank account returned as closed)', () => {
  beforeEach(() => {
    resetWorld();
    localStorage.clear();
    window.scrollTo = vi.fn();
  });
  afterEach(() => cleanup());

  it('says so, as a status above the current method; choosing another method stays possible', async () => {
    const message = 'Paused: the bank returned a payment from Operating 6789 (account closed). Nothing will be charged until you choose another payment method.';
    world.autopay = { ...world.autopay!, paused: { code: 'R02', message, since: '2026-12-01T15:00:00Z' } };
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/autopaymanage`] })} />);
    await screen.findByRole('button', { name: t.turnOff });
    expect(screen.getByTestId('autopay-paused')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('autopay-paused')).toHaveTextContent(message);
  });

  it('an AutoPay that is not paused says nothing of the kind', async () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/autopaymanage`] })} />);
    await screen.findByRole('button', { name: t.turnOff });
    expect(screen.queryByTestId('autopay-paused')).toBeNull();
  });
});

type DeleteSnapshot = SnapshotFrom<typeof autopayDeleteMachine>;
const deletePaths = walkPaths<DeleteSnapshot>(autopayDeleteMachine, autopayDeleteModelEvents, modelAutopayInput);

describe('AutoPay turn off: model-based walk on the manage page', () => {
  let user: ReturnType<typeof userEvent.setup>;
  beforeEach(async () => {
    resetWorld();
    network.deletes.length = 0;
    window.scrollTo = vi.fn();
    user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/autopaymanage`] })} />);
    await screen.findByRole('button', { name: t.turnOff });
  });
  afterEach(() => cleanup());

  const modal = () => screen.getByRole('alertdialog', { name: t.offModal.title });
  async function assertState(state: DeleteSnapshot) {
    if (state.matches('deleted')) {
      await screen.findByRole('heading', { name: t.confirmation.turnedOff });
      expect(screen.getByTestId('deactivation-date')).toHaveTextContent(t.confirmation.offOn('12/1/26'));
      return;
    }
    if (state.matches('idle')) {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      return;
    }
    await screen.findByRole('alertdialog', { name: t.offModal.title });
    if (state.matches('deleting')) await waitFor(() => expect(within(modal()).getByRole('button', { name: t.offModal.confirm })).toHaveAttribute('aria-busy', 'true'));
    if (state.matches('failed')) expect(await within(modal()).findByRole('alert')).toHaveTextContent(t.failures.turnOff);
    if (state.matches('confirming')) expect(within(modal()).queryByRole('alert')).toBeNull();
  }
  const settle = settleLatest(network.deletes, ({ input }) => expect(input.autopayId).toBe(modelAutopayInput.autopayId));
  const drivers = {
    'delete.open': async () => user.click(screen.getByRole('button', { name: t.turnOff })),
    'delete.confirm': async () => user.click(within(modal()).getByRole('button', { name: t.offModal.confirm })),
    'delete.cancel': async () => user.click(within(modal()).getByRole('button', { name: t.offModal.keep })),
    'xstate.done.actor.deleteAutopay': settle,
    'xstate.error.actor.deleteAutopay': settle,
  } satisfies Drivers;

  it.each(deletePaths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
  });
});
