// @vitest-environment happy-dom
/**
 * Model-based walk of the delete machine on the REAL picker and delete dialog. The usage check and
 * the delete are promises the walk settles; confirm and cancel are clicks.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ usage: [] as Array<Deferred<unknown>>, del: [] as Array<Deferred<unknown>> }));

vi.mock('../../../machines/payment-methods/payment-methods.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), checkPaymentMethodUsage: deferredActor(network.usage), deletePaymentMethod: deferredActor(network.del) };
});

import { paymentMethodDeleteMachine } from '../../../machines/payment-methods/payment-method-delete.machine';
import { modelCard, modelDeleteInput, paymentMethodDeleteModelEvents } from '../../../machines/payment-methods/payment-methods.model';
import { paymentMethodTexts as t } from '../../../src/ui/payment-methods/texts';
import { App, base, harnessRouter } from './harness';
import { handlers, resetWorld } from './msw-world';

configure({ asyncUtilTimeout: 8000 });
type Snapshot = SnapshotFrom<typeof paymentMethodDeleteMachine>;
const paths = walkPaths<Snapshot>(paymentMethodDeleteMachine, paymentMethodDeleteModelEvents, modelDeleteInput);
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const fullName = 'Visa Business 4821';
const label = 'Visa Busin 4821';

async function next(queue: Array<Deferred<unknown>>) {
  await waitFor(() => expect(queue.length).toBeGreaterThan(0));
  return queue.shift()!;
}

describe('payment method delete: model-based walk on the delete dialog', () => {
  beforeEach(async () => {
    resetWorld();
    network.usage.length = 0;
    network.del.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
    render(<App router={harnessRouter(`${base}/click2pay`)} />);
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${fullName}` }));
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    switch (state.value) {
      case 'checkingUsage': {
        const dialog = await screen.findByRole('alertdialog', { name: `Delete ${fullName}?` });
        expect(within(dialog).getByRole('status')).toHaveTextContent(t.deleteChecking);
        expect(within(dialog).queryByRole('button', { name: t.confirmDelete })).toBeNull();
        return;
      }
      case 'confirming':
      case 'deleting':
      case 'failed': {
        const dialog = await screen.findByRole('alertdialog', { name: `Delete ${fullName}?` });
        await within(dialog).findByText(t.deleteQuestion);
        if (state.context.usage === null) expect(within(dialog).queryByText(t.deleteScheduled)).toBeNull();
        else {
          expect(within(dialog).getByText('INV-10042')).toBeInTheDocument();
          // the customer is told what confirming does to them
          expect(within(dialog).getByText(/will be canceled if you delete it/)).toBeInTheDocument();
        }
        const button = within(dialog).getByRole('button', { name: t.confirmDelete });
        expect(button.getAttribute('aria-busy') === 'true').toBe(state.value === 'deleting');
        if (state.value === 'failed') expect(within(dialog).getByRole('alert')).toHaveTextContent(`Could not delete ${fullName}.`);
        else expect(within(dialog).queryByRole('alert')).toBeNull();
        return;
      }
      case 'refused': {
        const dialog = await screen.findByRole('alertdialog', { name: t.deleteRefusedTitle });
        expect(dialog).toHaveTextContent(t.deleteRefused('Coastal Produce Co.'));
        return;
      }
      case 'deleted':
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        expect(screen.queryByText(label)).toBeNull();
        return;
      case 'canceled':
        await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        expect(screen.getByText(label)).toBeInTheDocument();
        return;
    }
  }

  const settle = (queue: Array<Deferred<unknown>>, outcome: 'resolve' | 'reject') => async (e: any) => {
    const d = await next(queue);
    await act(async () => (outcome === 'resolve' ? d.resolve(e.output) : d.reject(e.error)));
  };
  const drivers = {
    'xstate.done.actor.checkPaymentMethodUsage': settle(network.usage, 'resolve'),
    'xstate.error.actor.checkPaymentMethodUsage': settle(network.usage, 'reject'),
    'xstate.done.actor.deletePaymentMethod': settle(network.del, 'resolve'),
    'xstate.error.actor.deletePaymentMethod': settle(network.del, 'reject'),
    'delete.confirm': async () => userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: t.confirmDelete })),
    'delete.cancel': async () => {
      const dialog = screen.getByRole('alertdialog');
      await userEvent.click(within(dialog).queryByRole('button', { name: t.cancel }) ?? within(dialog).getByRole('button', { name: t.close }));
    },
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});

void modelCard;
