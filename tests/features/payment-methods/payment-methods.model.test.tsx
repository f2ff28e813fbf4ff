// @vitest-environment happy-dom
/**
 * Model-based walk of the session-level payment-method list on the REAL picker (root layout, token
 * guard, session). The load is a promise the walk settles; select is a click; added / updated /
 * removed / refresh are what the create, verify and delete machines send to the session actor.
 */
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ load: [] as Array<Deferred<unknown>> }));

vi.mock('../../../machines/payment-methods/payment-methods.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), loadPaymentMethods: deferredActor(network.load) };
});

import { paymentMethodsMachine } from '../../../machines/payment-methods/payment-methods.machine';
import { modelLocationId, modelVendorId, paymentMethodsModelEvents } from '../../../machines/payment-methods/payment-methods.model';
import { resolveSelection } from '../../../machines/payment-methods/payment-methods.selectors';
import { methodLabel } from '../../../src/ui/payment-methods/payment-method-picker';
import { paymentMethodTexts as t } from '../../../src/ui/payment-methods/texts';
import { App, base, harnessRouter, mounted } from './harness';
import { handlers, resetWorld } from './msw-world';

configure({ asyncUtilTimeout: 8000 });
type Snapshot = SnapshotFrom<typeof paymentMethodsMachine>;
const input = { vendorId: modelVendorId, locationId: modelLocationId };
const paths = walkPaths<Snapshot>(paymentMethodsMachine, paymentMethodsModelEvents, input);
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function next(): Promise<Deferred<unknown>> {
  await waitFor(() => expect(network.load.length).toBeGreaterThan(0));
  return network.load.shift()!;
}

describe('payment methods list: model-based walk on the picker', () => {
  beforeEach(() => {
    resetWorld();
    network.load.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
    render(<App router={harnessRouter(`${base}/click2pay`)} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { name: 'Make a Payment for' });
    const { methods, selectedId } = state.context;
    if (methods.length === 0 && state.value === 'loading') {
      expect(await screen.findByRole('status')).toHaveTextContent(t.loading);
      expect(screen.queryByRole('radiogroup')).toBeNull();
      return;
    }
    if (state.value === 'failed') expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    else expect(screen.queryByText(t.loadFailed)).toBeNull();
    if (methods.length === 0) return;
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(methods.length);
    for (const m of methods) {
      const radio = screen.getByRole('radio', { name: new RegExp(methodLabel(m, false)) });
      const row = radio.closest('li')!;
      expect(radio.hasAttribute('disabled')).toBe(m.displayExtra.verificationRequired);
      expect(within(row).queryByText(t.pending) !== null).toBe(m.displayExtra.verificationRequired);
    }
    const page = screen.getByTestId('page-selected').textContent;
    const expected = resolveSelection(methods, [selectedId, page === 'none' ? null : page]);
    await waitFor(() => expect(screen.getByRole('radio', { name: new RegExp(methodLabel(expected!, false)) })).toBeChecked());
  }

  const send = (event: any) => act(async () => { mounted.session!.paymentMethods(modelVendorId, modelLocationId).send(event); });
  const drivers = {
    'xstate.done.actor.loadPaymentMethods': async (e: any) => { const d = await next(); await act(async () => d.resolve(e.output)); },
    'xstate.error.actor.loadPaymentMethods': async (e: any) => { const d = await next(); await act(async () => d.reject(e.error)); },
    'paymentMethods.refresh': async (_e: any) => {
      const retry = screen.queryByRole('button', { name: t.retry });
      if (retry) await userEvent.click(retry);
      else await send({ type: 'paymentMethods.refresh' });
    },
    'paymentMethods.select': async (e: any) => {
      const method = mounted.session!.paymentMethods(modelVendorId, modelLocationId).getSnapshot().context.methods.find((m) => m.id === e.paymentMethodId)!;
      await userEvent.click(screen.getByText(methodLabel(method, false)));
    },
    'paymentMethods.removed': send,
    'paymentMethods.updated': send,
    'paymentMethods.added': send,
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
