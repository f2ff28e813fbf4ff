// @vitest-environment happy-dom
/**
 * Model-based walk of the micro-deposit verification on the REAL picker and verify dialog. The
 * verify call is a promise the walk settles; amounts are typed, Verify / Cancel / Close are clicks.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ verify: [] as Array<Deferred<unknown>>, sent: [] as unknown[] }));

vi.mock('../../../machines/payment-method-verify/payment-method-verify.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), verifyPaymentMethod: deferredActor(network.verify, network.sent) };
});

import { paymentMethodVerifyMachine } from '../../../machines/payment-method-verify/payment-method-verify.machine';
import { modelVerifyInput, paymentMethodVerifyModelEvents } from '../../../machines/payment-method-verify/payment-method-verify.model';
import { paymentMethodTexts as t } from '../../../src/ui/payment-methods/texts';
import { App, base, harnessRouter } from './harness';
import { handlers, resetWorld } from './msw-world';

configure({ asyncUtilTimeout: 8000 });
type Snapshot = SnapshotFrom<typeof paymentMethodVerifyMachine>;
const paths = walkPaths<Snapshot>(paymentMethodVerifyMachine, paymentMethodVerifyModelEvents, modelVerifyInput);
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const title = t.verifyTitle('Payroll Savings 0015');
const cents = (c: number) => (c / 100).toFixed(2);

describe('payment method verify: model-based walk on the verify dialog', () => {
  beforeEach(async () => {
    resetWorld();
    network.verify.length = 0;
    network.sent.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
    render(<App router={harnessRouter(`${base}/click2pay`)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify Payroll Savings 0015' }));
  });
  afterEach(() => cleanup());

  const pendingRadio = () => screen.getByRole('radio', { name: /Payroll Sa 0015/, hidden: true });

  async function assertState(state: Snapshot) {
    switch (state.value) {
      case 'editing':
      case 'verifying':
      case 'wrong':
      case 'failed': {
        const dialog = await screen.findByRole('dialog', { name: title });
        expect(within(dialog).getByText(t.verifyIntro)).toBeInTheDocument();
        const button = within(dialog).getByRole('button', { name: t.verifySubmit });
        expect(button.getAttribute('aria-busy') === 'true').toBe(state.value === 'verifying');
        if (state.value === 'wrong') expect(within(dialog).getByRole('alert')).toHaveTextContent(t.verifyWrong(state.context.attemptsLeft));
        else if (state.value === 'failed') expect(within(dialog).getByRole('alert')).toHaveTextContent(t.verifyFailed);
        else expect(within(dialog).queryByRole('alert')).toBeNull();
        expect(pendingRadio()).toBeDisabled();
        return;
      }
      case 'locked': {
        const dialog = await screen.findByRole('alertdialog', { name: title });
        expect(dialog).toHaveTextContent(t.verifyLocked);
        expect(pendingRadio()).toBeDisabled();
        return;
      }
      case 'verified': {
        const dialog = await screen.findByRole('alertdialog', { name: title });
        expect(dialog).toHaveTextContent(t.verified);
        await waitFor(() => expect(pendingRadio()).toBeEnabled());
        expect(screen.queryByText(t.pending)).toBeNull();
        return;
      }
      case 'canceled':
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(screen.queryByRole('alertdialog')).toBeNull();
        return;
    }
  }

  const settle = (outcome: 'resolve' | 'reject') => async (e: any) => {
    await waitFor(() => expect(network.verify.length).toBeGreaterThan(0));
    const d = network.verify.shift()!;
    await act(async () => (outcome === 'resolve' ? d.resolve(e.output) : d.reject(e.error)));
  };
  const drivers = {
    'xstate.done.actor.verifyPaymentMethod': settle('resolve'),
    'xstate.error.actor.verifyPaymentMethod': settle('reject'),
    'verify.submit': async (e: any) => {
      const dialog = screen.getByRole('dialog');
      const before = network.sent.length;
      fireEvent.change(within(dialog).getByLabelText(t.amount1), { target: { value: cents(e.amountsCents[0]) } });
      fireEvent.change(within(dialog).getByLabelText(t.amount2), { target: { value: cents(e.amountsCents[1]) } });
      await userEvent.click(within(dialog).getByRole('button', { name: t.verifySubmit }));
      const valid = e.amountsCents.every((c: number) => c >= 1 && c <= 99);
      if (valid) await waitFor(() => expect(network.sent.length).toBe(before + 1));
      else {
        expect(within(dialog).getAllByText(t.errAmount).length).toBeGreaterThan(0);
        expect(network.sent.length).toBe(before);
      }
    },
    'verify.cancel': async () => {
      const dialog = screen.queryByRole('dialog') ?? screen.getByRole('alertdialog');
      await userEvent.click(within(dialog).queryByRole('button', { name: t.cancel }) ?? within(dialog).getByRole('button', { name: t.close }));
    },
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
