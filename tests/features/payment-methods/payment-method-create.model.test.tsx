// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: the hosted fields' frame and its messages need jsdom's iframe window.)
/**
 * Model-based walk of payment-method creation on the REAL add-method page (tabs, forms, hosted fields frame, fee
 * modal). The frame (issue 21: it holds the numbers, checks and tokenizes them) is the harness's stand-in answering
 * the page's posts with MessageEvents from the payments origin; attach is a promise the walk settles; submits are
 * typed nicknames and clicks; an existing token arrives in the navigation state.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk, settle } from '../model-walk';

const network = vi.hoisted(() => ({ attach: [] as Array<Deferred<unknown>>, sent: [] as any[] }));

vi.mock('../../../machines/payment-method-create/payment-method-create.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return {
    ...(await importOriginal<object>()),
    attachPaymentMethod: deferredActor(network.attach, network.sent),
  };
});

import { paymentMethodCreateMachine } from '../../../machines/payment-method-create/payment-method-create.machine';
import { modelCreateInput, paymentMethodCreateModelEvents } from '../../../machines/payment-method-create/payment-method-create.model';
import { failureHint, failureText } from '../../../src/features/payment-methods/form-rules';
import { paymentMethodTexts as t } from '../../../src/ui/payment-methods/texts';
import { App, base, fakeHostedFrames, harnessRouter, paymentsOrigin } from './harness';
import { handlers, resetWorld } from './msw-world';

configure({ asyncUtilTimeout: 8000 });
type Snapshot = SnapshotFrom<typeof paymentMethodCreateMachine>;
const paths = walkPaths<Snapshot>(paymentMethodCreateMachine, paymentMethodCreateModelEvents, modelCreateInput);
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const returnTo = `${base}/click2pay`;
let router: ReturnType<typeof harnessRouter>;
let frames: ReturnType<typeof fakeHostedFrames>;
/** the form whose frame the page is talking to, and how many of its asks (check, tokenize) were answered */
let current: HTMLElement | undefined;
let answered: Record<string, number>;

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
    network.attach.length = 0;
    network.sent.length = 0;
    frames = fakeHostedFrames();
    answered = { check: 0, tokenize: 0 };
    current = undefined;
    localStorage.clear();
    window.scrollTo = vi.fn();
    await mount({ returnTo });
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const { request, code } = state.context;
    const fee = request?.kind === 'CC';
    // the page talks to the payments origin only, and sends it no numbers (it has none): the nickname/TIN at most
    for (const { targetOrigin } of frames.all()) expect(targetOrigin).toBe(paymentsOrigin);
    const tokenized = request && current ? frames.posted(current).filter((p) => p.message.type === 'tokenize').at(-1) : undefined;
    if (tokenized) expect(tokenized.message.extra).toEqual(request!.extra);
    if (state.value === 'created') {
      await waitFor(() => expect(router.state.location.pathname).toBe(returnTo));
      return;
    }
    expect(router.state.location.pathname).toBe(`${base}/paymentmethods/new`);
    const modalOpen = state.value === 'confirming' || (fee && ['tokenizing', 'attaching', 'failed'].includes(state.value as string));
    if (modalOpen) {
      // the frame was asked to check the card (its funding by the BIN); a debit card's modal says no fee is charged (issue 20)
      expect(frames.posted(current!).some((p) => p.message.type === 'check')).toBe(true);
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
    const busy = state.value === 'checking' || state.value === 'tokenizing' || state.value === 'attaching';
    if (state.value === 'failed') {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(failureText(request?.kind ?? null));
      expect(alert).toHaveTextContent(failureHint(code));
    } else expect(screen.queryByRole('alert')).toBeNull();
    const saving = screen.queryAllByRole('button', { name: t.saving });
    expect(saving.length > 0).toBe(busy);
  }

  const modalButton = (name: string) => userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name }));
  /** the frame answers the page's latest unanswered `type` ask */
  const frameAnswers = (type: 'check' | 'tokenize', answer: (event: any) => Record<string, unknown>) => async (event: any) => {
    const asked = () => frames.posted(current!).filter((p) => p.message.type === type || (type === 'tokenize' && p.message.type === 'jwt')).length;
    await waitFor(() => expect(asked()).toBeGreaterThan(answered[type]));
    answered[type] = asked();
    await act(async () => frames.say(current!, answer(event)));
  };
  const drivers = {
    'xstate.done.actor.checkHostedFields': frameAnswers('check', ({ output }) =>
      output.valid ? { type: 'checked', brand: output.brand, funding: output.funding } : { type: 'invalid', fields: output.fields }),
    'xstate.done.actor.tokenizePaymentMethod': frameAnswers('tokenize', ({ output }) => ({ type: 'tokenized', key: output, brand: 'visa', lastFour: '4242', funding: 'credit' })),
    'xstate.error.actor.tokenizePaymentMethod': frameAnswers('tokenize', ({ error }) => ({ type: 'refused', status: 402, code: error.code, message: 'declined' })),
    'xstate.done.actor.attachPaymentMethod': settle(network.attach, 'resolve'),
    'xstate.error.actor.attachPaymentMethod': settle(network.attach, 'reject'),
    'create.submit': async (e: any) => {
      const card = e.request.kind === 'CC';
      await userEvent.click(screen.getByRole('tab', { name: card ? t.tabCard : t.tabBank }));
      current = screen.getByRole('form', { name: card ? t.tabCard : t.tabBank });
      const submit = within(current).getByRole('button', { name: card ? t.saveCard : t.saveBank });
      if (!frames.posted(current).some((p) => p.message.type === 'init')) {
        // until the frame listens the page's submit waits for it
        expect(submit).toBeDisabled();
        await act(async () => frames.ready(current!));
      }
      await waitFor(() => expect(submit).toBeEnabled());
      expect(frames.posted(current)[0].message).toMatchObject({ type: 'init', kind: e.request.kind, provider: e.request.provider, jwt: 'model.jwt.token' });
      set(current, card ? t.nickname : t.bankName, e.request.extra.name ?? '');
      await userEvent.click(submit);
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
