// @vitest-environment jsdom
/**
 * Model-based walk of payment-method creation on the REAL add-method page (tabs, forms, fee modal).
 * Tokenize and attach are promises the walk settles; submits are typed forms and clicks; an existing
 * token arrives in the navigation state.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk, settle } from '../model-walk';

const network = vi.hoisted(() => ({ tokenize: [] as Array<Deferred<unknown>>, attach: [] as Array<Deferred<unknown>>, lookup: [] as Array<Deferred<unknown>>, sent: [] as any[], bins: [] as any[] }));

vi.mock('../../../machines/payment-method-create/payment-method-create.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return {
    ...(await importOriginal<object>()),
    tokenizePaymentMethod: deferredActor(network.tokenize, network.sent),
    attachPaymentMethod: deferredActor(network.attach, network.sent),
    lookupCardFunding: deferredActor(network.lookup, network.bins),
  };
});

import { paymentMethodCreateMachine } from '../../../machines/payment-method-create/payment-method-create.machine';
import { modelBankRequest, modelCardRequest, modelCreateInput, paymentMethodCreateModelEvents } from '../../../machines/payment-method-create/payment-method-create.model';
import { failureHint, failureText } from '../../../src/features/payment-methods/form-rules';
import { paymentMethodTexts as t } from '../../../src/ui/payment-methods/texts';
import { App, base, harnessRouter } from './harness';
import { handlers, resetWorld } from './msw-world';

configure({ asyncUtilTimeout: 8000 });
type Snapshot = SnapshotFrom<typeof paymentMethodCreateMachine>;
const paths = walkPaths<Snapshot>(paymentMethodCreateMachine, paymentMethodCreateModelEvents, modelCreateInput);
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const returnTo = `${base}/click2pay`;
let router: ReturnType<typeof harnessRouter>;

async function mount(state: unknown) {
  router = harnessRouter(`${base}/paymentmethods/new`, state);
  render(<App router={router} />);
  await screen.findByRole('tab', { name: t.tabCard });
}

function set(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

describe('payment method create: model-based walk on the add-method page', () => {
  beforeEach(async () => {
    resetWorld();
    network.tokenize.length = 0;
    network.attach.length = 0;
    network.lookup.length = 0;
    network.sent.length = 0;
    network.bins.length = 0;
    localStorage.clear();
    window.scrollTo = vi.fn();
    await mount({ returnTo });
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const { request, code } = state.context;
    const fee = request?.type === 'CC';
    if (state.value === 'created') {
      await waitFor(() => expect(router.state.location.pathname).toBe(returnTo));
      return;
    }
    expect(router.state.location.pathname).toBe(`${base}/paymentmethods/new`);
    const modalOpen = state.value === 'confirming' || (fee && ['tokenizing', 'attaching', 'failed'].includes(state.value as string));
    if (modalOpen) {
      // the card's BIN was asked (first 8 digits only); a debit card's modal says no fee is charged (issue 20)
      expect(network.bins.at(-1)).toMatchObject({ bin: modelCardRequest.ccNumber.slice(0, 8), provider: modelCardRequest.provider });
      const debit = state.context.funding === 'debit';
      const modal = await screen.findByRole('alertdialog', { name: debit ? t.feeTitleDebit : t.feeTitleCard });
      expect(modal).toHaveTextContent(debit ? t.feeNoneBody('debit') : t.feeBody('2.9'));
      const confirm = within(modal).getByRole('button', { name: t.confirm });
      expect(confirm.getAttribute('aria-busy') === 'true').toBe(state.value === 'tokenizing' || state.value === 'attaching');
      if (state.value === 'failed') {
        const alert = within(modal).getByRole('alert');
        expect(alert).toHaveTextContent(failureText('CC'));
        expect(alert).toHaveTextContent(failureHint(code));
      } else expect(within(modal).queryByRole('alert')).toBeNull();
      return;
    }
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const busy = state.value === 'checkingCard' || state.value === 'tokenizing' || state.value === 'attaching';
    if (state.value === 'failed') {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(failureText(request?.type ?? null));
      expect(alert).toHaveTextContent(failureHint(code));
    } else expect(screen.queryByRole('alert')).toBeNull();
    const saving = screen.queryAllByRole('button', { name: t.saving });
    expect(saving.length > 0).toBe(busy);
  }

  const modalButton = (name: string) => userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name }));
  const drivers = {
    'xstate.done.actor.tokenizePaymentMethod': settle(network.tokenize, 'resolve'),
    'xstate.error.actor.tokenizePaymentMethod': settle(network.tokenize, 'reject'),
    'xstate.done.actor.attachPaymentMethod': settle(network.attach, 'resolve'),
    'xstate.done.actor.lookupCardFunding': settle(network.lookup, 'resolve'),
    'xstate.error.actor.lookupCardFunding': settle(network.lookup, 'reject'),
    'xstate.error.actor.attachPaymentMethod': settle(network.attach, 'reject'),
    'create.submit': async (e: any) => {
      if (e.request.type === 'CC') {
        await userEvent.click(screen.getByRole('tab', { name: t.tabCard }));
        const form = screen.getByRole('form', { name: t.tabCard });
        const r = modelCardRequest;
        set(form, t.nameOnCard, r.nameOnCard); set(form, t.ccNumber, r.ccNumber); set(form, t.expDate, r.expDate); set(form, t.cvc, r.cvc);
        set(form, t.addressLine1, r.addressLine1); set(form, t.zipCode, r.zipCode); set(form, t.nickname, r.name ?? '');
        await userEvent.click(within(form).getByRole('button', { name: t.saveCard }));
      } else {
        await userEvent.click(screen.getByRole('tab', { name: t.tabBank }));
        const form = screen.getByRole('form', { name: t.tabBank });
        const r = modelBankRequest;
        set(form, t.bankName, r.name); set(form, t.routingNumber, r.bankRoutingNumber); set(form, t.accountNumber, r.checkingAccountNumber);
        await userEvent.click(within(form).getByRole('button', { name: t.saveBank }));
      }
    },
    'create.submitKey': async (e: any) => {
      cleanup();
      await mount({ returnTo, paymentMethodKey: e.paymentMethodKey });
      await waitFor(() => expect(network.sent.at(-1)).toMatchObject({ paymentMethodKey: e.paymentMethodKey }));
    },
    'create.confirm': async () => modalButton(t.confirm),
    'create.cancel': async () => modalButton(t.cancel),
    'create.retry': async () => {
      const modal = screen.queryByRole('alertdialog');
      await userEvent.click(modal ? within(modal).getByRole('button', { name: t.confirm }) : screen.getByRole('button', { name: t.retry }));
    },
    'create.dismiss': async () => {
      const modal = screen.queryByRole('alertdialog');
      await userEvent.click(modal ? within(modal).getByRole('button', { name: t.cancel }) : screen.getByRole('button', { name: t.dismiss }));
    },
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});
